import { defineEvent } from '@app/event-store';
import type { ActivityServiceConfig } from './activity-config';
import type { AiProvider } from './workspace.events';

export const DOCUMENT_ACCESS_TYPES = ['public', 'restricted', 'organizationPrivate'] as const;
export type DocumentAccessType = (typeof DOCUMENT_ACCESS_TYPES)[number];

/**
 * Console options of a key (D3.4). The hosted flags are absent from keys made before they
 * were stored, and count as off.
 */
export interface ApiKeyOptions {
  advancedQueriesEnabled: boolean;
  activityServiceEnabled: boolean;
  defaultDocumentAccessType: DocumentAccessType;
  /** The hosted `enablePrivateComments` (shown as `isPrivateCommentsEnabled`). */
  privateCommentsEnabled?: boolean;
  requireJwtToken?: boolean;
  requireAutoOrgUser?: boolean;
}

/** A provider key of one API key (`apikeyconfig`'s `aiModelApiKey`), sealed (D3.5). */
export interface StoredKeyAiModelKey {
  sealedKey: string;
  last4: string;
}

export type KeyAiModelKeys = Partial<Record<AiProvider, StoredKeyAiModelKey>>;

/** Email service settings of operation 1; `sealedApiKey` holds the provider key encrypted. */
export interface StoredEmailServiceConfig {
  type?: string;
  sealedApiKey?: string;
  fromEmail?: string;
  fromCompany?: string;
  commentTemplateId?: string;
  tagTemplateId?: string;
}

/** Webhook settings (operation 4); `sealedAuthToken` holds the receiver's token encrypted. */
export interface StoredWebhookConfig {
  sealedAuthToken?: string;
  rawNotificationUrl?: string;
  processedNotificationUrl?: string;
  encodeData?: boolean;
  encryptData?: boolean;
  publicKey?: string;
  triggers?: Record<string, boolean>;
}

/** One batching scope (a document, or a user across documents) of in-app notifications. */
export interface NotificationBatchWindow {
  isEnabled?: boolean;
  batchWindowSeconds?: number;
  maxActivities?: number;
}

/**
 * In-app notification settings of a key (D9.8), as set: only what was given is stored.
 * `triggers` maps a group (`comment`, `huddle`, ...) to event types (`comment.add`) and
 * whether each notifies.
 */
export interface NotificationServiceConfig {
  triggers?: Record<string, Record<string, boolean>>;
  delayConfig?: { isEnabled?: boolean; delaySeconds?: number };
  batchConfig?: { document?: NotificationBatchWindow; user?: NotificationBatchWindow };
}

/** The notification service of a key: whether it is on, and its settings. */
export interface NotificationSwitch {
  useNotificationService: boolean;
  notificationServiceConfig: NotificationServiceConfig;
}

export interface ApiKeyCreatedData {
  apiKey: string;
  workspaceId: string;
  ownerEmail: string;
  type: string;
  apiKeyName: string;
  planInfo?: { type?: string };
  customPlanInfo?: boolean;
  customPlanInfoData?: Record<string, unknown>;
  allowedDomains: string[];
  addLocalHostToAllowedDomains?: boolean;
  /** Seeds the key's default email triggers (the email library reads it, D14.1). */
  setDefaultEmailTriggers?: boolean;
  /** Hosted flags of operation 1 kept as given; nothing here uses them. */
  persistenceDBRegion?: string;
  realtimeDBRegion?: string;
  useEmailService: boolean;
  emailServiceConfig?: StoredEmailServiceConfig;
  useWebhookService: boolean;
  webhookServiceConfig: StoredWebhookConfig;
  /** The Standard Webhooks `whsec_` secret of this key, sealed (D11.4). */
  sealedWebhookSecret: string;
  options: ApiKeyOptions;
  createdAt: number;
}

export const ApiKeyCreated = defineEvent<ApiKeyCreatedData>()('workspaces.api-key-created');

/** An auth token of the key: a digest to look it up, the token sealed for operation 2 (D2.5). */
export const AuthTokenIssued = defineEvent<{
  tokenId: string;
  name: string;
  domains: string[];
  tokenDigest: string;
  sealedToken: string;
  createdAt: number;
}>()('workspaces.auth-token-issued');

/** The key's auth tokens are replaced by one new token (the hosted `authtoken/reset`). */
export const AuthTokenReset = defineEvent<{
  revokedTokenIds: string[];
  token: ReturnType<typeof AuthTokenIssued>['data'];
}>()('workspaces.auth-token-reset');

export const DomainsAdded = defineEvent<{ domains: string[] }>()('workspaces.domains-added');

/** Allowed domains taken off the key (the hosted `domains/delete`), as normalised. */
export const DomainsRemoved = defineEvent<{ domains: string[] }>()('workspaces.domains-removed');

/** The key's display name changed (the hosted `apikey/update`). */
export const ApiKeyRenamed = defineEvent<{ apiKeyName: string }>()('workspaces.api-key-renamed');

/** Carries the whole resulting configuration, so projections need no merge logic. */
export const WebhookConfigUpdated = defineEvent<{
  useWebhookService: boolean;
  webhookServiceConfig: StoredWebhookConfig;
}>()('workspaces.webhook-config-updated');

/** Carries the whole resulting switch, so the projection needs no merge (D9.8). */
export const NotificationConfigUpdated = defineEvent<NotificationSwitch>()(
  'workspaces.notification-config-updated',
);

/** Carries the whole resulting activity config (D7.4); its `isEnabled` is the key's option. */
export const ActivityConfigUpdated = defineEvent<{
  activityServiceConfig: ActivityServiceConfig;
}>()('workspaces.activity-config-updated');

export const ApiKeyOptionsUpdated = defineEvent<{ options: ApiKeyOptions }>()(
  'workspaces.api-key-options-updated',
);

/** Carries the key's whole set of provider keys: given ones replace, none is removed. */
export const KeyAiModelKeysUpdated = defineEvent<{ aiModelKeys: KeyAiModelKeys }>()(
  'workspaces.key-ai-model-keys-updated',
);

export type ApiKeyEvent =
  | ReturnType<typeof ApiKeyCreated>
  | ReturnType<typeof AuthTokenIssued>
  | ReturnType<typeof AuthTokenReset>
  | ReturnType<typeof DomainsAdded>
  | ReturnType<typeof DomainsRemoved>
  | ReturnType<typeof ApiKeyRenamed>
  | ReturnType<typeof WebhookConfigUpdated>
  | ReturnType<typeof NotificationConfigUpdated>
  | ReturnType<typeof ApiKeyOptionsUpdated>
  | ReturnType<typeof ActivityConfigUpdated>
  | ReturnType<typeof KeyAiModelKeysUpdated>;
