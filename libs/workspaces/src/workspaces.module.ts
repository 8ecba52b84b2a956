import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { TypeOrmModule } from '@nestjs/typeorm';
import { WorkspaceController } from './api/workspace.controller';
import { AddDomainsHandler } from './application/add-domains/add-domains.handler';
import { CreateApiKeyHandler } from './application/create-api-key/create-api-key.handler';
import { CreateWorkspaceHandler } from './application/create-workspace/create-workspace.handler';
import { GetAiModelConfigHandler } from './application/get-ai-model-config/get-ai-model-config.handler';
import { GetAiProviderSettingsHandler } from './application/get-ai-provider-settings/get-ai-provider-settings.handler';
import { GetApiKeyConfigHandler } from './application/get-api-key-config/get-api-key-config.handler';
import { GetActivityConfigHandler } from './application/get-activity-config/get-activity-config.handler';
import { GetAuthTokensHandler } from './application/get-auth-tokens/get-auth-tokens.handler';
import { GetApiKeysHandler } from './application/get-api-keys/get-api-keys.handler';
import { GetDomainsHandler } from './application/get-domains/get-domains.handler';
import { GetWorkspaceHandler } from './application/get-workspace/get-workspace.handler';
import { RemoveDomainsHandler } from './application/remove-domains/remove-domains.handler';
import { RenameApiKeyHandler } from './application/rename-api-key/rename-api-key.handler';
import { GetNotificationConfigHandler } from './application/get-notification-config/get-notification-config.handler';
import { ResetApiKeyAuthTokenHandler } from './application/reset-api-key-auth-token/reset-api-key-auth-token.handler';
import { ResetWorkspaceAuthTokenHandler } from './application/reset-workspace-auth-token/reset-workspace-auth-token.handler';
import { ApiKeyIssuer } from './application/common/api-key-issuer';
import { WebhookConfigChecks } from './application/common/webhook-config-checks';
import { UpdateAiModelConfigHandler } from './application/update-ai-model-config/update-ai-model-config.handler';
import { UpdateActivityConfigHandler } from './application/update-activity-config/update-activity-config.handler';
import { UpdateApiKeyConfigHandler } from './application/update-api-key-config/update-api-key-config.handler';
import { UpdateNotificationConfigHandler } from './application/update-notification-config/update-notification-config.handler';
import { AdminTokenGuard } from './auth/admin-token.guard';
import { ApiKeyAuthGuard } from './auth/api-key-auth.guard';
import { ApiKeyOptionGuard } from './auth/api-key-option.guard';
import { WorkspaceAuthGuard } from './auth/workspace-auth.guard';
import { ApiKeyRow } from './read-models/api-key.entity';
import { ApiKeyProjection } from './read-models/api-key.projection';
import { AuthTokenRow } from './read-models/auth-token.entity';
import { WorkspaceRow } from './read-models/workspace.entity';
import { WorkspaceProjection } from './read-models/workspace.projection';
import { AfterCommit, Migrations } from '@app/platform';
import { Workspaces1763856000002 } from './migrations/1763856000002-workspaces';
import { NotificationConfig1763856000012 } from './migrations/1763856000012-notification-config';
import { ActivityConfig1763856000018 } from './migrations/1763856000018-activity-config';
import { KeyAiModelKeys1764300000045 } from './migrations/1764300000045-key-ai-model-keys';
import { WorkspaceOwner1764400000700 } from './migrations/1764400000700-workspace-owner';

@Migrations(
  Workspaces1763856000002,
  NotificationConfig1763856000012,
  ActivityConfig1763856000018,
  KeyAiModelKeys1764300000045,
  WorkspaceOwner1764400000700,
)
@Module({
  imports: [CqrsModule, TypeOrmModule.forFeature([WorkspaceRow, ApiKeyRow, AuthTokenRow])],
  controllers: [WorkspaceController],
  providers: [
    AfterCommit,
    ApiKeyIssuer,
    WebhookConfigChecks,
    WorkspaceProjection,
    ApiKeyProjection,
    AdminTokenGuard,
    WorkspaceAuthGuard,
    ApiKeyAuthGuard,
    ApiKeyOptionGuard,
    CreateWorkspaceHandler,
    ResetWorkspaceAuthTokenHandler,
    ResetApiKeyAuthTokenHandler,
    CreateApiKeyHandler,
    GetAuthTokensHandler,
    AddDomainsHandler,
    GetDomainsHandler,
    RemoveDomainsHandler,
    GetWorkspaceHandler,
    GetApiKeysHandler,
    RenameApiKeyHandler,
    GetNotificationConfigHandler,
    UpdateNotificationConfigHandler,
    GetActivityConfigHandler,
    UpdateActivityConfigHandler,
    GetApiKeyConfigHandler,
    UpdateApiKeyConfigHandler,
    GetAiModelConfigHandler,
    UpdateAiModelConfigHandler,
    GetAiProviderSettingsHandler,
  ],
  exports: [
    AdminTokenGuard,
    WorkspaceAuthGuard,
    ApiKeyAuthGuard,
    ApiKeyOptionGuard,
    WebhookConfigChecks,
  ],
})
export class WorkspacesModule {}
