import { Injectable } from '@nestjs/common';
import { AggregateRepository } from '@app/event-store';
import { randomId, randomSecret, SecretBox } from '@app/platform';
import { metadataOf, type ApiKeyTenant } from '@app/workspaces';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey } from 'jose';
import {
  AccessSettings,
  ACCESS_SETTINGS_STREAM_TYPE,
  accessSettingsStream,
  type TokenKey,
} from '../../domain/access-settings.aggregate';

/** The algorithm of client tokens (D15.1): ECDSA P-256, so the verifying key can be public. */
export const TOKEN_ALGORITHM = 'ES256';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: Record<string, string>;
}

/**
 * The per-API-key token key and signature secret, each made on first use and sealed before
 * it enters an event (D3.6). Opened keys are kept in memory by key id; nothing here is logged.
 */
@Injectable()
export class AccessSettingsStore {
  private readonly opened = new Map<string, CryptoKey>();

  constructor(
    private readonly repository: AggregateRepository,
    private readonly box: SecretBox,
  ) {}

  load(apiKey: string): Promise<AccessSettings> {
    return this.repository.load(accessSettingsStream(apiKey), () => new AccessSettings(apiKey));
  }

  /** Changes the key's settings (loaded again on a concurrent write) and answers `decide`'s. */
  update<R>(tenant: ApiKeyTenant, decide: (settings: AccessSettings) => R): Promise<R> {
    return this.repository.update(
      {
        streamId: accessSettingsStream(tenant.apiKey),
        streamType: ACCESS_SETTINGS_STREAM_TYPE,
        create: () => new AccessSettings(tenant.apiKey),
      },
      metadataOf(tenant),
      decide,
    );
  }

  async signingKey(tenant: ApiKeyTenant): Promise<SigningKey> {
    const key = (await this.load(tenant.apiKey)).tokenKey ?? (await this.createTokenKey(tenant));
    let privateKey = this.opened.get(key.kid);
    if (!privateKey) {
      const jwk = JSON.parse(this.box.open(key.sealedPrivateKey)) as Record<string, string>;
      privateKey = (await importJWK(jwk, TOKEN_ALGORITHM)) as CryptoKey;
      this.opened.set(key.kid, privateKey);
    }
    return { kid: key.kid, privateKey, publicJwk: key.publicJwk };
  }

  /** The HMAC secret of generate_signature, in plaintext for the caller that needs it. */
  async signatureSecret(tenant: ApiKeyTenant): Promise<string> {
    const sealed =
      (await this.load(tenant.apiKey)).sealedSignatureSecret ??
      (await this.update(tenant, (s) =>
        s.createSignatureSecret(this.box.seal(randomSecret('', 32)), Date.now()),
      ));
    return this.box.open(sealed);
  }

  private async createTokenKey(tenant: ApiKeyTenant): Promise<TokenKey> {
    const pair = await generateKeyPair(TOKEN_ALGORITHM, { extractable: true });
    const kid = randomId();
    const privateJwk = await exportJWK(pair.privateKey);
    const { kty, crv, x, y } = await exportJWK(pair.publicKey);
    const made: TokenKey = {
      kid,
      sealedPrivateKey: this.box.seal(JSON.stringify(privateJwk)),
      publicJwk: { kty: kty!, crv: crv!, x: x!, y: y!, kid, alg: TOKEN_ALGORITHM, use: 'sig' },
    };
    return this.update(tenant, (s) => s.createTokenKey(made, Date.now()));
  }
}
