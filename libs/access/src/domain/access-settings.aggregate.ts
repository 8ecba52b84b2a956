import { Aggregate, streamId } from '@app/event-store';
import {
  PermissionProviderConfigured,
  SignatureSecretCreated,
  TokenKeyCreated,
  type AccessSettingsEvent,
} from './access.events';

export const ACCESS_SETTINGS_STREAM_TYPE = 'access-settings';
export const accessSettingsStream = (apiKey: string) =>
  streamId(ACCESS_SETTINGS_STREAM_TYPE, apiKey);

export interface TokenKey {
  kid: string;
  sealedPrivateKey: string;
  publicJwk: Record<string, string>;
}

export interface PermissionProviderSettings {
  usePermissionProvider: boolean;
  permissionProviderUrl: string;
  sealedAuthToken: string;
  authTokenLast4: string;
}

/** What a provider update asks for; absent fields stay as they are (hosted merge). */
export interface PermissionProviderChange {
  usePermissionProvider?: boolean;
  permissionProviderUrl?: string;
  /** Already sealed, with its last four; `''` clears it. */
  authToken?: { sealed: string; last4: string };
}

const NO_PROVIDER: PermissionProviderSettings = {
  usePermissionProvider: false,
  permissionProviderUrl: '',
  sealedAuthToken: '',
  authTokenLast4: '',
};

/** Client-auth settings of one API key: its token key, signature secret and provider. */
export class AccessSettings extends Aggregate<AccessSettingsEvent> {
  tokenKey?: TokenKey;
  sealedSignatureSecret?: string;
  provider: PermissionProviderSettings = NO_PROVIDER;

  constructor(readonly apiKey: string) {
    super();
  }

  /** Keeps the first key made: a concurrent first use that lost the race uses the winner's. */
  createTokenKey(key: TokenKey, at: number): TokenKey {
    if (!this.tokenKey) this.raise(TokenKeyCreated({ apiKey: this.apiKey, ...key, at }));
    return this.tokenKey!;
  }

  createSignatureSecret(sealedSecret: string, at: number): string {
    if (!this.sealedSignatureSecret) {
      this.raise(SignatureSecretCreated({ apiKey: this.apiKey, sealedSecret, at }));
    }
    return this.sealedSignatureSecret!;
  }

  configureProvider(change: PermissionProviderChange, at: number): PermissionProviderSettings {
    const next: PermissionProviderSettings = {
      usePermissionProvider: change.usePermissionProvider ?? this.provider.usePermissionProvider,
      permissionProviderUrl: change.permissionProviderUrl ?? this.provider.permissionProviderUrl,
      sealedAuthToken: change.authToken?.sealed ?? this.provider.sealedAuthToken,
      authTokenLast4: change.authToken?.last4 ?? this.provider.authTokenLast4,
    };
    const same = (Object.keys(next) as (keyof PermissionProviderSettings)[]).every(
      (k) => next[k] === this.provider[k],
    );
    if (!same) this.raise(PermissionProviderConfigured({ apiKey: this.apiKey, ...next, at }));
    return this.provider;
  }

  protected when(event: AccessSettingsEvent): void {
    if (TokenKeyCreated.is(event)) {
      const { kid, sealedPrivateKey, publicJwk } = event.data;
      this.tokenKey = { kid, sealedPrivateKey, publicJwk };
    } else if (SignatureSecretCreated.is(event)) {
      this.sealedSignatureSecret = event.data.sealedSecret;
    } else if (PermissionProviderConfigured.is(event)) {
      const { usePermissionProvider, permissionProviderUrl, sealedAuthToken, authTokenLast4 } =
        event.data;
      this.provider = {
        usePermissionProvider,
        permissionProviderUrl,
        sealedAuthToken,
        authTokenLast4,
      };
    }
  }
}
