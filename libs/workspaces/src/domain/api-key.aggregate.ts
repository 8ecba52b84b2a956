import { isDeepStrictEqual } from 'node:util';
import { Aggregate } from '@app/event-store';
import {
  ActivityConfigUpdated,
  ApiKeyCreated,
  ApiKeyOptionsUpdated,
  ApiKeyRenamed,
  AuthTokenIssued,
  AuthTokenReset,
  DomainsAdded,
  DomainsRemoved,
  KeyAiModelKeysUpdated,
  NotificationConfigUpdated,
  WebhookConfigUpdated,
  type ApiKeyCreatedData,
  type ApiKeyEvent,
  type ApiKeyOptions,
  type KeyAiModelKeys,
  type NotificationSwitch,
  type StoredWebhookConfig,
} from './api-key.events';
import { NOTIFICATIONS_OFF } from './notification-config';
import {
  applyActivityConfig,
  type ActivityConfigChange,
  type ActivityServiceConfig,
} from './activity-config';

export const apiKeyStream = (apiKey: string): string => `api-key-${apiKey}`;
export const API_KEY_STREAM_TYPE = 'api-key';

export const DEFAULT_API_KEY_OPTIONS: ApiKeyOptions = {
  advancedQueriesEnabled: true,
  activityServiceEnabled: false,
  defaultDocumentAccessType: 'public',
};

export class ApiKey extends Aggregate<ApiKeyEvent> {
  workspaceId = '';
  ownerEmail = '';
  apiKeyName = '';
  planInfo?: { type?: string };
  allowedDomains: string[] = [];
  useWebhookService = false;
  webhookConfig: StoredWebhookConfig = {};
  options: ApiKeyOptions = DEFAULT_API_KEY_OPTIONS;
  notifications: NotificationSwitch = NOTIFICATIONS_OFF;
  /** The key's own AI provider keys (D3.4), which Ask AI prefers to the workspace's. */
  aiModelKeys: KeyAiModelKeys = {};
  /** The activity settings once first written (D7.4); the switch itself is in `options`. */
  activitySettings?: Omit<ActivityServiceConfig, 'isEnabled'>;
  /** Whether the activity service was ever on: its first enable seeds the config (D7.4). */
  activityEverEnabled = false;
  /** The key's live auth tokens, oldest first. */
  tokens: { tokenId: string; name: string; domains: string[] }[] = [];

  static create(input: ApiKeyCreatedData): ApiKey {
    const key = new ApiKey();
    key.raise(ApiKeyCreated(input));
    return key;
  }

  issueAuthToken(token: ReturnType<typeof AuthTokenIssued>['data']): void {
    this.raise(AuthTokenIssued(token));
  }

  /**
   * Replaces every auth token of the key with `token`, which keeps the name and domains of
   * the first one it replaces (a key with none gets the token as given).
   */
  resetAuthToken(token: ReturnType<typeof AuthTokenIssued>['data']): {
    name: string;
    domains: string[];
  } {
    const first = this.tokens[0];
    const replacement = first ? { ...token, name: first.name, domains: first.domains } : token;
    this.raise(
      AuthTokenReset({ revokedTokenIds: this.tokens.map((t) => t.tokenId), token: replacement }),
    );
    return { name: replacement.name, domains: replacement.domains };
  }

  /** Adds normalised domains; those already allowed (or repeated) are skipped (operation 3). */
  addDomains(domains: string[]): { added: string[]; skipped: string[] } {
    const known = new Set(this.allowedDomains);
    const added: string[] = [];
    const skipped: string[] = [];
    for (const domain of domains) {
      if (known.has(domain)) skipped.push(domain);
      else {
        known.add(domain);
        added.push(domain);
      }
    }
    if (added.length > 0) this.raise(DomainsAdded({ domains: added }));
    return { added, skipped };
  }

  /**
   * Removes normalised domains; those not allowed (or repeated) are skipped, as `addDomains`
   * skips the ones it has (the hosted `domains/delete`).
   */
  removeDomains(domains: string[]): { removed: string[]; skipped: string[] } {
    const left = new Set(this.allowedDomains);
    const removed: string[] = [];
    const skipped: string[] = [];
    for (const domain of domains) {
      if (left.delete(domain)) removed.push(domain);
      else skipped.push(domain);
    }
    if (removed.length > 0) this.raise(DomainsRemoved({ domains: removed }));
    return { removed, skipped };
  }

  /** Gives the key a new display name; nothing if it has that name already. */
  rename(apiKeyName: string): void {
    if (apiKeyName !== this.apiKeyName) this.raise(ApiKeyRenamed({ apiKeyName }));
  }

  /** Stores an already validated and merged configuration (see webhook-config.ts). */
  updateWebhookConfig(useWebhookService: boolean, webhookServiceConfig: StoredWebhookConfig): void {
    this.raise(WebhookConfigUpdated({ useWebhookService, webhookServiceConfig }));
  }

  /** Stores an already merged switch (see notification-config.ts); nothing if it is the same. */
  updateNotificationConfig(next: NotificationSwitch): void {
    if (!isDeepStrictEqual(next, this.notifications)) this.raise(NotificationConfigUpdated(next));
  }

  /** Sets (or replaces) the named providers' keys, already sealed; the others stay. */
  setAiModelKeys(keys: KeyAiModelKeys): void {
    const next = { ...this.aiModelKeys, ...keys };
    if (!isDeepStrictEqual(next, this.aiModelKeys)) {
      this.raise(KeyAiModelKeysUpdated({ aiModelKeys: next }));
    }
  }

  updateOptions(changes: Partial<ApiKeyOptions>, now: number): ApiKeyOptions {
    // One switch (D7.4): enabling here seeds the activity config as activityconfig/update
    // does, decided before the options event records the flag as on.
    if (changes.activityServiceEnabled !== undefined) {
      this.updateActivityConfig({ isEnabled: changes.activityServiceEnabled }, now);
    }
    this.raise(ApiKeyOptionsUpdated({ options: { ...this.options, ...changes } }));
    return this.options;
  }

  /** The activity service as `activityconfig/get` shows it. */
  get activityConfig(): ActivityServiceConfig {
    return { ...this.activitySettings, isEnabled: this.options.activityServiceEnabled };
  }

  /** Merges a change into the activity config (see activity-config.ts); nothing if the same. */
  updateActivityConfig(change: ActivityConfigChange, now: number): ActivityServiceConfig {
    const current = this.activityConfig;
    const next = applyActivityConfig(current, this.activityEverEnabled, change, now);
    if (!isDeepStrictEqual(next, current)) {
      this.raise(ActivityConfigUpdated({ activityServiceConfig: next }));
    }
    return this.activityConfig;
  }

  protected when(event: ApiKeyEvent): void {
    if (ApiKeyCreated.is(event)) {
      this.workspaceId = event.data.workspaceId;
      this.ownerEmail = event.data.ownerEmail;
      this.apiKeyName = event.data.apiKeyName;
      this.planInfo = event.data.planInfo;
      this.allowedDomains = [...event.data.allowedDomains];
      this.useWebhookService = event.data.useWebhookService;
      this.webhookConfig = event.data.webhookServiceConfig;
      this.options = event.data.options;
      this.activityEverEnabled = event.data.options.activityServiceEnabled === true;
    } else if (AuthTokenIssued.is(event)) {
      const { tokenId, name, domains } = event.data;
      this.tokens.push({ tokenId, name, domains });
    } else if (AuthTokenReset.is(event)) {
      const { tokenId, name, domains } = event.data.token;
      this.tokens = [{ tokenId, name, domains }];
    } else if (DomainsAdded.is(event)) {
      this.allowedDomains.push(...event.data.domains);
    } else if (DomainsRemoved.is(event)) {
      const removed = new Set(event.data.domains);
      this.allowedDomains = this.allowedDomains.filter((domain) => !removed.has(domain));
    } else if (ApiKeyRenamed.is(event)) {
      this.apiKeyName = event.data.apiKeyName;
    } else if (WebhookConfigUpdated.is(event)) {
      this.useWebhookService = event.data.useWebhookService;
      this.webhookConfig = event.data.webhookServiceConfig;
    } else if (NotificationConfigUpdated.is(event)) {
      this.notifications = event.data;
    } else if (ApiKeyOptionsUpdated.is(event)) {
      this.options = event.data.options;
      this.activityEverEnabled ||= event.data.options.activityServiceEnabled === true;
    } else if (KeyAiModelKeysUpdated.is(event)) {
      this.aiModelKeys = event.data.aiModelKeys;
    } else if (ActivityConfigUpdated.is(event)) {
      const { isEnabled, ...settings } = event.data.activityServiceConfig;
      this.activitySettings = settings;
      this.options = { ...this.options, activityServiceEnabled: isEnabled };
      this.activityEverEnabled ||= isEnabled;
    }
  }
}
