import { Aggregate, streamId } from '@app/event-store';
import { ServiceError } from '@app/platform';
import { isRsaPublicKey } from '@app/workspaces';
import { checkEndpointUrl } from './endpoint-url';
import {
  AdvancedConfigUpdated,
  AdvancedSettingsMovedIn,
  EndpointAdded,
  EndpointDeleted,
  EndpointUpdated,
  type AdvancedConfig,
  type EndpointChanges,
  type StoredEndpoint,
  type WebhookSettingsEvent,
} from './webhook-settings.events';

export const WEBHOOK_SETTINGS_STREAM_TYPE = 'webhook-settings';
export const webhookSettingsStream = (apiKey: string) =>
  streamId(WEBHOOK_SETTINGS_STREAM_TYPE, apiKey);

export const DEFAULT_ADVANCED_CONFIG: AdvancedConfig = {
  isEnabled: false,
  encryptData: false,
  encodeData: false,
  publicKey: '',
  enableDataProtection: false,
};

export const NOT_CONFIGURED =
  'Advanced webhooks are not configured for this API key. Enable them first via POST /v2/workspace/advancedwebhookconfig/update with { "isEnabled": true }.';

const ENDPOINT_NOT_FOUND = 'Advanced webhook endpoint not found.';

/** A new endpoint as asked for, before the server gives it an id and a secret. */
export interface NewEndpoint {
  url: string;
  description?: string;
  filterTypes?: string[];
  channels?: string[];
  disabled?: boolean;
  rateLimit?: number;
  uid?: string;
  metadata?: Record<string, unknown>;
}

/**
 * An API key's advanced webhook settings: the configuration (none until the first update,
 * which must enable it) and its delivery endpoints. Ids, sealed secrets and time come in.
 */
export class AdvancedWebhookSettings extends Aggregate<WebhookSettingsEvent> {
  config: AdvancedConfig | null = null;
  readonly endpoints = new Map<string, StoredEndpoint>();
  private lastSeq = 0;

  constructor(readonly apiKey: string) {
    super();
  }

  updateConfig(change: Partial<AdvancedConfig>, at: number): AdvancedConfig {
    const given = Object.values(change).filter((v) => v !== undefined);
    if (given.length === 0) {
      throw ServiceError.invalidField(
        'data.isEnabled',
        'At least one of isEnabled, encryptData, encodeData, publicKey or enableDataProtection must be provided.',
      );
    }
    if (!this.config && change.isEnabled !== true) {
      throw new ServiceError(
        'FAILED_PRECONDITION',
        'The first advanced webhook configuration must enable it: send isEnabled: true.',
      );
    }
    const before = this.config ?? DEFAULT_ADVANCED_CONFIG;
    const config: AdvancedConfig = {
      isEnabled: change.isEnabled ?? before.isEnabled,
      encryptData: change.encryptData ?? before.encryptData,
      encodeData: change.encodeData ?? before.encodeData,
      publicKey: change.publicKey ?? before.publicKey,
      enableDataProtection: change.enableDataProtection ?? before.enableDataProtection,
    };
    if (config.encryptData && !isRsaPublicKey(config.publicKey)) {
      throw ServiceError.invalidField(
        'data.publicKey',
        'encryptData needs publicKey: an RSA public key, base64 DER (SubjectPublicKeyInfo) without PEM header',
      );
    }
    this.raise(AdvancedConfigUpdated({ apiKey: this.apiKey, config, at }));
    return config;
  }

  addEndpoint(
    input: NewEndpoint,
    made: { endpointId: string; sealedSecret: string; allowPrivateTargets: boolean; at: number },
  ): StoredEndpoint {
    this.requireEnabled();
    checkEndpointUrl(input.url, made.allowPrivateTargets);
    const endpoint: StoredEndpoint = {
      endpointId: made.endpointId,
      seq: this.lastSeq + 1,
      url: input.url,
      description: input.description ?? null,
      filterTypes: input.filterTypes ?? null,
      channels: input.channels ?? null,
      disabled: input.disabled ?? false,
      rateLimit: input.rateLimit ?? null,
      uid: input.uid ?? null,
      metadata: input.metadata ?? null,
      sealedSecret: made.sealedSecret,
      createdAt: made.at,
      updatedAt: made.at,
    };
    this.raise(EndpointAdded({ apiKey: this.apiKey, endpoint }));
    return endpoint;
  }

  /** Fields not sent are kept; at least one must be sent. */
  updateEndpoint(
    endpointId: string,
    changes: EndpointChanges,
    ctx: { allowPrivateTargets: boolean; at: number },
  ): StoredEndpoint {
    this.requireEnabled();
    const given = Object.fromEntries(
      Object.entries(changes).filter(([, v]) => v !== undefined),
    ) as EndpointChanges;
    if (Object.keys(given).length === 0) {
      throw ServiceError.invalidField(
        'data.url',
        'At least one endpoint field besides endpointId must be provided.',
      );
    }
    if (given.url !== undefined) checkEndpointUrl(given.url, ctx.allowPrivateTargets);
    this.endpoint(endpointId);
    this.raise(EndpointUpdated({ apiKey: this.apiKey, endpointId, changes: given, at: ctx.at }));
    return this.endpoint(endpointId);
  }

  deleteEndpoint(endpointId: string, at: number): void {
    this.requireEnabled();
    this.endpoint(endpointId);
    this.raise(EndpointDeleted({ apiKey: this.apiKey, endpointId, at }));
  }

  /** The endpoint, once advanced webhooks are on; NOT_FOUND when the key has no such one. */
  enabledEndpoint(endpointId: string): StoredEndpoint {
    this.requireEnabled();
    return this.endpoint(endpointId);
  }

  private endpoint(endpointId: string): StoredEndpoint {
    const found = this.endpoints.get(endpointId);
    if (!found) throw new ServiceError('NOT_FOUND', ENDPOINT_NOT_FOUND);
    return found;
  }

  private requireEnabled(): void {
    if (!this.config?.isEnabled) throw new ServiceError('FAILED_PRECONDITION', NOT_CONFIGURED);
  }

  protected when(event: WebhookSettingsEvent): void {
    if (AdvancedConfigUpdated.is(event)) {
      this.config = event.data.config;
    } else if (EndpointAdded.is(event)) {
      this.put(event.data.endpoint);
    } else if (EndpointUpdated.is(event)) {
      const current = this.endpoints.get(event.data.endpointId);
      if (current) {
        this.endpoints.set(current.endpointId, {
          ...current,
          ...event.data.changes,
          updatedAt: event.data.at,
        });
      }
    } else if (EndpointDeleted.is(event)) {
      this.endpoints.delete(event.data.endpointId);
    } else if (AdvancedSettingsMovedIn.is(event)) {
      this.config = event.data.config;
      for (const endpoint of event.data.endpoints) this.put(endpoint);
      this.lastSeq = Math.max(this.lastSeq, event.data.lastSeq);
    }
  }

  private put(endpoint: StoredEndpoint): void {
    this.endpoints.set(endpoint.endpointId, endpoint);
    this.lastSeq = Math.max(this.lastSeq, endpoint.seq);
  }
}
