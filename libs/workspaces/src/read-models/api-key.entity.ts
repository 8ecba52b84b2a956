import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type {
  ApiKeyCreatedData,
  ApiKeyOptions,
  KeyAiModelKeys,
  NotificationServiceConfig,
  StoredWebhookConfig,
} from '../domain/api-key.events';

/** Operation 1's stored settings, secrets sealed. */
export type ApiKeySettings = Omit<
  ApiKeyCreatedData,
  | 'apiKey'
  | 'workspaceId'
  | 'allowedDomains'
  | 'useWebhookService'
  | 'webhookServiceConfig'
  | 'options'
  | 'createdAt'
  | 'sealedWebhookSecret'
>;

@Entity('api_keys')
export class ApiKeyRow {
  @PrimaryColumn('text', { name: 'api_key' }) apiKey: string;
  @Index() @Column('text', { name: 'workspace_id' }) workspaceId: string;
  @Column('jsonb') settings: ApiKeySettings;
  @Column('jsonb', { name: 'allowed_domains' }) allowedDomains: string[];
  @Column('boolean', { name: 'use_webhook_service' }) useWebhookService: boolean;
  @Column('jsonb', { name: 'webhook_config' }) webhookConfig: StoredWebhookConfig;
  @Column('text', { name: 'sealed_webhook_secret' }) sealedWebhookSecret: string;
  @Column('jsonb') options: ApiKeyOptions;
  @Column('boolean', { name: 'use_notification_service' }) useNotificationService: boolean;
  @Column('jsonb', { name: 'notification_config' }) notificationConfig: NotificationServiceConfig;
  @Column('jsonb', { name: 'ai_model_keys' }) aiModelKeys: KeyAiModelKeys;
  @Column('bigint') version: string;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
}
