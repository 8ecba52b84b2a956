// Public surface of the workspaces library: the module, auth for every other feature, contracts.
export * from './workspaces.module';
export * from './auth/auth.decorators';
export { SECURITY_SCHEMES, withSecuritySchemes } from './auth/openapi-security';
export * from './auth/tenant';
export { ApiKeyAuthGuard } from './auth/api-key-auth.guard';
export { WorkspaceAuthGuard } from './auth/workspace-auth.guard';
export { ApiKeyOptionGuard, type SwitchableOption } from './auth/api-key-option.guard';
export { metadataOf } from './application/common/event-metadata';
export {
  CreateWorkspaceCommand,
  WORKSPACE_CREATED_MESSAGE,
  type CreatedWorkspace,
} from './application/create-workspace/create-workspace.command';
export {
  DOCUMENT_ACCESS_TYPES,
  type ApiKeyOptions,
  type DocumentAccessType,
  type StoredWebhookConfig,
} from './domain/api-key.events';
export {
  GetAiProviderSettingsQuery,
  type AiProviderSettings,
} from './application/get-ai-provider-settings/get-ai-provider-settings.query';
export { AI_PROVIDERS, type AiProvider } from './domain/workspace.events';
export {
  applyWebhookConfig,
  isRsaPublicKey,
  WEBHOOK_TRIGGERS,
  type WebhookConfigInput,
} from './domain/webhook-config';
// Operation 4 (the webhooks library) changes the webhook settings kept on the API key stream.
export { ApiKey, API_KEY_STREAM_TYPE, apiKeyStream } from './domain/api-key.aggregate';
export { WebhookConfigChecks } from './application/common/webhook-config-checks';
export { WebhookServiceConfigDto } from './api/dto/webhook-service-config.dto';
export { readNotificationSwitch } from './application/common/notification-switch';
export type {
  NotificationBatchWindow,
  NotificationServiceConfig,
  NotificationSwitch,
} from './domain/api-key.events';
export { readActivitySwitch } from './application/common/activity-switch';
export {
  ACTIVITY_SWITCH_EVENT_TYPES,
  activitySwitchChangeOf,
  type ActivitySwitchChange,
} from './domain/activity-switch-events';
export { ACTIVITY_COMMENT_TRIGGERS, type ActivityServiceConfig } from './domain/activity-config';
// The email configuration (libs/email) seeds the same default triggers on its first enable.
export { DEFAULT_NOTIFICATION_TRIGGERS } from './domain/notification-config';
export type { StoredEmailServiceConfig } from './domain/api-key.events';
