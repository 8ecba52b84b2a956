import { defineEvent, type EventOf } from '@app/event-store';
import type { ResourceGrant, ResourceRef } from './resource';

/** One user's permissions in one organization (the stream they live in). */
export interface UserPermissionsRef {
  apiKey: string;
  organizationId: string;
  userId: string;
}

/** Grants added or replaced (role, expiry) for the user (`/v2/auth/permissions/add`). */
export const PermissionsGranted = defineEvent<
  UserPermissionsRef & { resources: ResourceGrant[]; at: number }
>()('access.permissions-granted');

/** Grants removed from the user (`/v2/auth/permissions/remove`); only ones that were there. */
export const PermissionsRevoked = defineEvent<
  UserPermissionsRef & { resources: ResourceRef[]; at: number }
>()('access.permissions-revoked');

export const PERMISSION_EVENTS = { PermissionsGranted, PermissionsRevoked };
export type PermissionEvent = EventOf<typeof PERMISSION_EVENTS>;

/**
 * The key pair that signs the client tokens of one API key (D15.1), made on first use: the
 * private key sealed (D3.6), the public key as a JWK that callers verify tokens with.
 */
export const TokenKeyCreated = defineEvent<{
  apiKey: string;
  kid: string;
  sealedPrivateKey: string;
  publicJwk: Record<string, string>;
  at: number;
}>()('access.token-key-created');

/** The HMAC secret of `/v2/auth/generate_signature` (D15.2), made on first use, sealed. */
export const SignatureSecretCreated = defineEvent<{
  apiKey: string;
  sealedSecret: string;
  at: number;
}>()('access.signature-secret-created');

/** The permission provider settings as they now are; the provider's token sealed. */
export const PermissionProviderConfigured = defineEvent<{
  apiKey: string;
  usePermissionProvider: boolean;
  permissionProviderUrl: string;
  /** Empty when none; else sealed, with its last four characters for display. */
  sealedAuthToken: string;
  authTokenLast4: string;
  at: number;
}>()('access.permission-provider-configured');

export const ACCESS_SETTINGS_EVENTS = {
  TokenKeyCreated,
  SignatureSecretCreated,
  PermissionProviderConfigured,
};
export type AccessSettingsEvent = EventOf<typeof ACCESS_SETTINGS_EVENTS>;
