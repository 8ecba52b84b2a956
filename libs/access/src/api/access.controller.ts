import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiTags, NULL_DATA, RequestData, Rpc } from '@app/platform';
import { ApiKeyAuth, Tenant, type ApiKeyTenant } from '@app/workspaces';
import { AddPermissionsCommand } from '../application/add-permissions/add-permissions.command';
import { GenerateSignatureCommand } from '../application/generate-signature/generate-signature.command';
import { GenerateTokenCommand } from '../application/generate-token/generate-token.command';
import { GetPermissionsQuery } from '../application/get-permissions/get-permissions.query';
import { GetVerificationKeysQuery } from '../application/get-verification-keys/get-verification-keys.query';
import { RemovePermissionsCommand } from '../application/remove-permissions/remove-permissions.command';
import {
  PERMISSIONS_ANSWER,
  SIGNATURE_ANSWER,
  TOKEN_ANSWER,
  VERIFICATION_KEYS_ANSWER,
} from './dto/access.response';
import { GenerateSignatureRequest } from './dto/generate-signature.request';
import { GenerateTokenRequest } from './dto/generate-token.request';
import {
  AddPermissionsRequest,
  GetPermissionsRequest,
  RemovePermissionsRequest,
} from './dto/permissions.request';

/** Client authentication and permissions (D15): the hosted `auth/*` calls. */
@ApiTags('auth')
@Controller('v2/auth')
export class AccessController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Rpc('generate_token', {
    message: 'Token generated successfully.',
    summary: 'Sign a JWT (ES256, 48 hours) for a user of the client SDK, with their permissions',
    data: GenerateTokenRequest,
    response: TOKEN_ANSWER,
  })
  @ApiKeyAuth()
  generateToken(@Tenant() tenant: ApiKeyTenant, @RequestData() data: GenerateTokenRequest) {
    return this.commands.execute(
      new GenerateTokenCommand({
        tenant,
        subject: {
          userId: data.userId,
          userProperties: data.userProperties,
          resources: data.permissions.resources,
        },
      }),
    );
  }

  @Rpc('permissions/add', {
    message: 'Permissions added successfully.',
    summary: 'Grant a user access to organizations, folders or documents (role, expiry)',
    data: AddPermissionsRequest,
    response: NULL_DATA,
  })
  @ApiKeyAuth()
  async addPermissions(@Tenant() tenant: ApiKeyTenant, @RequestData() data: AddPermissionsRequest) {
    return this.commands.execute(
      new AddPermissionsCommand({
        tenant,
        userId: data.user.userId,
        resources: data.permissions.resources,
      }),
    );
  }

  @Rpc('permissions/get', {
    message: 'User permissions retrieved successfully.',
    summary: 'Read the effective access of users to an organization, its folders and documents',
    data: GetPermissionsRequest,
    response: PERMISSIONS_ANSWER,
    errors: {
      NOT_FOUND:
        'the organization, or a folder or document asked for, does not exist (details: the answer)',
    },
  })
  @ApiKeyAuth()
  getPermissions(@Tenant() tenant: ApiKeyTenant, @RequestData() data: GetPermissionsRequest) {
    return this.queries.execute(
      new GetPermissionsQuery({
        tenant,
        organizationId: data.organizationId,
        userIds: data.userIds,
        folderIds: data.folderIds ?? [],
        documentIds: data.documentIds ?? [],
      }),
    );
  }

  @Rpc('permissions/remove', {
    message: 'Permissions removed successfully.',
    summary: "Revoke a user's access to organizations, folders or documents",
    data: RemovePermissionsRequest,
    response: NULL_DATA,
  })
  @ApiKeyAuth()
  removePermissions(@Tenant() tenant: ApiKeyTenant, @RequestData() data: RemovePermissionsRequest) {
    return this.commands.execute(
      new RemovePermissionsCommand({
        tenant,
        userId: data.userId,
        resources: data.permissions.resources,
      }),
    );
  }

  @Rpc('generate_signature', {
    message: 'Signature generated successfully.',
    summary: "Sign a permission provider's decisions (HMAC-SHA256, base64url)",
    data: GenerateSignatureRequest,
    response: SIGNATURE_ANSWER,
  })
  @ApiKeyAuth()
  generateSignature(@Tenant() tenant: ApiKeyTenant, @RequestData() data: GenerateSignatureRequest) {
    return this.commands.execute(
      new GenerateSignatureCommand({ tenant, permissions: data.permissions }),
    );
  }

  /** Ours: what the key's holder verifies tokens and signatures with (D15.1, D15.2). */
  @Rpc('verificationkeys/get', {
    message: 'Verification keys retrieved successfully.',
    summary: 'Read the public JWK of client tokens and the secret of permission signatures',
    response: VERIFICATION_KEYS_ANSWER,
  })
  @ApiKeyAuth()
  getVerificationKeys(@Tenant() tenant: ApiKeyTenant) {
    return this.queries.execute(new GetVerificationKeysQuery(tenant));
  }
}
