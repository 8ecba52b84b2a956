import { defineEvent, type EventOf } from '@app/event-store';

/** The advanced webhook configuration of an API key, whole. */
export interface AdvancedConfig {
  isEnabled: boolean;
  encryptData: boolean;
  encodeData: boolean;
  publicKey: string;
  enableDataProtection: boolean;
}

/** What may change on an endpoint after it was added (`uid` and the secret stay). */
export interface EndpointChanges {
  url?: string;
  description?: string;
  filterTypes?: string[];
  channels?: string[];
  disabled?: boolean;
  rateLimit?: number;
  metadata?: Record<string, unknown>;
}

/** A delivery endpoint as stored: its signing secret sealed (SecretBox). */
export interface StoredEndpoint {
  endpointId: string;
  /** Its place in the key's endpoint list, the order `endpoints/get` pages in. */
  seq: number;
  url: string;
  description: string | null;
  filterTypes: string[] | null;
  channels: string[] | null;
  disabled: boolean;
  rateLimit: number | null;
  uid: string | null;
  metadata: Record<string, unknown> | null;
  sealedSecret: string;
  /** Epoch ms. */
  createdAt: number;
  updatedAt: number;
}

export const AdvancedConfigUpdated = defineEvent<{
  apiKey: string;
  config: AdvancedConfig;
  at: number;
}>()('webhooks.advanced-config-updated');

export const EndpointAdded = defineEvent<{ apiKey: string; endpoint: StoredEndpoint }>()(
  'webhooks.endpoint-added',
);

export const EndpointUpdated = defineEvent<{
  apiKey: string;
  endpointId: string;
  changes: EndpointChanges;
  at: number;
}>()('webhooks.endpoint-updated');

export const EndpointDeleted = defineEvent<{ apiKey: string; endpointId: string; at: number }>()(
  'webhooks.endpoint-deleted',
);

/**
 * The advanced configuration and endpoints an API key had when they were kept in tables only,
 * copied into its stream once by a migration (the first event of such a stream).
 */
export const AdvancedSettingsMovedIn = defineEvent<{
  apiKey: string;
  config: AdvancedConfig | null;
  configUpdatedAt: number | null;
  endpoints: StoredEndpoint[];
  /** The highest seq the key ever gave, deleted endpoints' included: never given again. */
  lastSeq: number;
}>()('webhooks.advanced-settings-moved-in');

export const WEBHOOK_SETTINGS_EVENTS = {
  AdvancedConfigUpdated,
  EndpointAdded,
  EndpointUpdated,
  EndpointDeleted,
  AdvancedSettingsMovedIn,
};
export type WebhookSettingsEvent = EventOf<typeof WEBHOOK_SETTINGS_EVENTS>;
