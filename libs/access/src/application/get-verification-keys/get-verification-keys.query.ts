import { Query } from '@nestjs/cqrs';
import type { ApiKeyTenant } from '@app/workspaces';

export interface VerificationKeys {
  tokenKey: Record<string, string>;
  signatureSecret: string;
}

/**
 * `/v2/auth/verificationkeys/get` (ours, not hosted): what the key's holder checks client
 * tokens (public JWK) and permission signatures (HMAC key) with; both made on first use.
 */
export class GetVerificationKeysQuery extends Query<VerificationKeys> {
  constructor(readonly tenant: ApiKeyTenant) {
    super();
  }
}
