import { json, namedSchema } from '@app/platform';
import { DOCUMENT_ACCESS_TYPES } from '@app/workspaces';
import { ACCESS_ROLES } from '../../domain/resource';

const { boolean, integer, mapOf, object, oneOfValues, string } = json;

/** generate_token: the signed JWT (ES256, 48 hours). */
export const TOKEN_ANSWER = namedSchema(
  'ClientToken',
  object({ token: string('A JWT (ES256) the client SDK signs its user in with') }),
);

/** generate_signature: the HMAC-SHA256 of the canonical `permissions`, base64url (D15.2). */
export const SIGNATURE_ANSWER = namedSchema(
  'PermissionSignature',
  object({ signature: string('HMAC-SHA256 of the canonical JSON of permissions, base64url') }),
);

/** A user's access to one resource: granted (role) or refused (error and code). */
const VERDICT = namedSchema(
  'ResourceAccess',
  object(
    {
      accessRole: oneOfValues(ACCESS_ROLES),
      accessType: oneOfValues(DOCUMENT_ACCESS_TYPES, 'Folders and documents only'),
      expiresAt: integer('Unix seconds, for temporary access'),
      error: string('Why access is refused'),
      errorCode: oneOfValues(['permission_denied', 'does_not_exist']),
    },
    { optional: ['accessRole', 'accessType', 'expiresAt', 'error', 'errorCode'] },
  ),
);

/** permissions/get: by user id, the organization, folders and documents asked for. */
export const PERMISSIONS_ANSWER = namedSchema(
  'UserPermissions',
  mapOf(
    object(
      {
        organization: mapOf(VERDICT),
        folders: mapOf(VERDICT),
        documents: mapOf(VERDICT),
      },
      { optional: ['folders', 'documents'] },
    ),
    'By user id',
  ),
);

/** permissionproviderconfig/get|update: the settings, the provider's token masked. */
export const PERMISSION_PROVIDER_ANSWER = namedSchema(
  'PermissionProviderConfig',
  object({
    usePermissionProvider: boolean(),
    permissionProviderConfig: object({
      permissionProviderUrl: string('Empty when none'),
      authToken: string('Its last four characters after "...", empty when none'),
    }),
  }),
);

/** auth/verificationkeys/get: what a caller checks tokens and signatures with. */
export const VERIFICATION_KEYS_ANSWER = namedSchema(
  'VerificationKeys',
  object({
    tokenKey: object(
      { kty: string(), crv: string(), x: string(), y: string(), kid: string(), alg: string() },
      { extra: true, description: 'The public JWK that verifies client tokens (ES256)' },
    ),
    signatureSecret: string('The HMAC-SHA256 key of generate_signature (base64url)'),
  }),
);
