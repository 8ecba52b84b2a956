import { Injectable } from '@nestjs/common';
import { randomId, randomSecret, randomWebhookSecret, SecretBox, sha256 } from '@app/platform';
import { ApiKey, DEFAULT_API_KEY_OPTIONS } from '../../domain/api-key.aggregate';
import type { ApiKeyCreatedData, StoredEmailServiceConfig } from '../../domain/api-key.events';
import { normaliseDomains } from './normalise-domains';
import { applyWebhookConfig, type WebhookConfigInput } from '../../domain/webhook-config';
import { applyNotificationConfig, NOTIFICATIONS_OFF } from '../../domain/notification-config';
import { WebhookConfigChecks } from './webhook-config-checks';

/** Operation 1's fields, as validated by its DTO. */
export interface NewApiKeyInput {
  ownerEmail: string;
  type?: string;
  createAuthToken?: boolean;
  apiKeyName?: string;
  planInfo?: { type?: string };
  customPlanInfo?: boolean;
  customPlanInfoData?: Record<string, unknown>;
  allowedDomains?: string[];
  addLocalHostToAllowedDomains?: boolean;
  useEmailService?: boolean;
  useWebhookService?: boolean;
  useNotificationService?: boolean;
  setDefaultNotificationTriggers?: boolean;
  setDefaultEmailTriggers?: boolean;
  enablePrivateComments?: boolean;
  requireAutoOrgUser?: boolean;
  persistenceDBRegion?: string;
  realtimeDBRegion?: string;
  emailServiceConfig?: Omit<StoredEmailServiceConfig, 'sealedApiKey'> & { apiKey?: string };
  webhookServiceConfig?: WebhookConfigInput;
}

export const DEFAULT_AUTH_TOKEN_NAME = 'Default Auth Token';

/**
 * Makes a new API key aggregate with its first auth token (operation 1 and workspace
 * creation share it). Secrets are sealed before they enter an event (D2.5, D3.6).
 */
@Injectable()
export class ApiKeyIssuer {
  constructor(
    private readonly box: SecretBox,
    private readonly targets: WebhookConfigChecks,
  ) {}

  issue(
    workspaceId: string,
    input: NewApiKeyInput,
    now: number,
  ): { aggregate: ApiKey; apiKey: string } {
    const apiKey = randomId();
    const domains = normaliseDomains(input.allowedDomains ?? [], 'data.allowedDomains');
    if (input.addLocalHostToAllowedDomains) domains.push('localhost', '127.0.0.1');
    const webhook = applyWebhookConfig(
      { useWebhookService: false, config: {} },
      {
        useWebhookService: input.useWebhookService,
        webhookServiceConfig: input.webhookServiceConfig,
      },
      this.targets.context(),
    );
    const { apiKey: emailKey, ...email } = input.emailServiceConfig ?? {};
    const data: ApiKeyCreatedData = {
      apiKey,
      workspaceId,
      ownerEmail: input.ownerEmail,
      type: input.type ?? 'testing',
      apiKeyName: input.apiKeyName ?? `${input.ownerEmail} API Key`,
      ...(input.planInfo && { planInfo: input.planInfo }),
      ...(input.customPlanInfo !== undefined && { customPlanInfo: input.customPlanInfo }),
      ...(input.customPlanInfoData && { customPlanInfoData: input.customPlanInfoData }),
      allowedDomains: [...new Set(domains)],
      ...(input.addLocalHostToAllowedDomains !== undefined && {
        addLocalHostToAllowedDomains: input.addLocalHostToAllowedDomains,
      }),
      ...(input.setDefaultEmailTriggers !== undefined && {
        setDefaultEmailTriggers: input.setDefaultEmailTriggers,
      }),
      ...(input.persistenceDBRegion && { persistenceDBRegion: input.persistenceDBRegion }),
      ...(input.realtimeDBRegion && { realtimeDBRegion: input.realtimeDBRegion }),
      useEmailService: input.useEmailService ?? false,
      ...(input.emailServiceConfig && {
        emailServiceConfig: {
          ...email,
          ...(emailKey && { sealedApiKey: this.box.seal(emailKey) }),
        },
      }),
      useWebhookService: webhook.useWebhookService,
      webhookServiceConfig: webhook.config,
      sealedWebhookSecret: this.box.seal(randomWebhookSecret()),
      options: {
        ...DEFAULT_API_KEY_OPTIONS,
        ...(input.enablePrivateComments !== undefined && {
          privateCommentsEnabled: input.enablePrivateComments,
        }),
        ...(input.requireAutoOrgUser !== undefined && {
          requireAutoOrgUser: input.requireAutoOrgUser,
        }),
      },
      createdAt: now,
    };
    const aggregate = ApiKey.create(data);
    // As the update would write it; a key that asks for nothing gets no event (off, unset).
    aggregate.updateNotificationConfig(
      applyNotificationConfig(NOTIFICATIONS_OFF, {
        useNotificationService: input.useNotificationService,
        seedDefaultTriggers: input.setDefaultNotificationTriggers,
      }),
    );
    if (input.createAuthToken ?? true) {
      const token = randomSecret('tok_');
      aggregate.issueAuthToken({
        tokenId: randomId(),
        name: DEFAULT_AUTH_TOKEN_NAME,
        domains: [],
        tokenDigest: sha256(token),
        sealedToken: this.box.seal(token),
        createdAt: now,
      });
    }
    return { aggregate, apiKey };
  }
}
