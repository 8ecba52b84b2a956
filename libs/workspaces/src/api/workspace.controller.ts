import { Controller, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { RequestData, Rpc } from '@app/platform';
import { AdminAuth, ApiKeyAuth, WorkspaceAuth } from '../auth/auth.decorators';
import { Tenant, type ApiKeyTenant, type WorkspaceTenant } from '../auth/tenant';
import { AddDomainsCommand } from '../application/add-domains/add-domains.command';
import { DOMAINS_ADDED_MESSAGE } from '../application/add-domains/add-domains.handler';
import { CreateApiKeyCommand } from '../application/create-api-key/create-api-key.command';
import {
  CreateWorkspaceCommand,
  WORKSPACE_CREATED_MESSAGE,
} from '../application/create-workspace/create-workspace.command';
import { GetAiModelConfigQuery } from '../application/get-ai-model-config/get-ai-model-config.query';
import { GetApiKeyConfigQuery } from '../application/get-api-key-config/get-api-key-config.query';
import { GetAuthTokensQuery } from '../application/get-auth-tokens/get-auth-tokens.query';
import { GetWebhookConfigQuery } from '../application/get-webhook-config/get-webhook-config.query';
import { ResetApiKeyAuthTokenCommand } from '../application/reset-api-key-auth-token/reset-api-key-auth-token.command';
import { ResetWorkspaceAuthTokenCommand } from '../application/reset-workspace-auth-token/reset-workspace-auth-token.command';
import { UpdateAiModelConfigCommand } from '../application/update-ai-model-config/update-ai-model-config.command';
import { UpdateApiKeyConfigCommand } from '../application/update-api-key-config/update-api-key-config.command';
import { UpdateWebhookConfigCommand } from '../application/update-webhook-config/update-webhook-config.command';
import { AddDomainsRequest } from './dto/add-domains.request';
import { ApiKeyRequest } from './dto/api-key.request';
import { CreateApiKeyRequest } from './dto/create-api-key.request';
import { CreateWorkspaceRequest } from './dto/create-workspace.request';
import { UpdateAiModelConfigRequest } from './dto/update-ai-model-config.request';
import { UpdateApiKeyConfigRequest } from './dto/update-api-key-config.request';
import { UpdateWebhookConfigRequest } from './dto/update-webhook-config.request';

/** Workspace operations: spec 1–4 and the console settings of D3. */
@ApiTags('workspace')
@Controller('v2/workspace')
export class WorkspaceController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Rpc('create', { message: WORKSPACE_CREATED_MESSAGE, data: CreateWorkspaceRequest })
  @AdminAuth()
  createWorkspace(@RequestData() data: CreateWorkspaceRequest, @Req() req: { id: string }) {
    return this.commands.execute(new CreateWorkspaceCommand(data, String(req.id)));
  }

  /** D2.5: the workspace's own token (shown once). */
  @Rpc('workspaceauthtoken/reset', { message: 'Workspace auth token reset successfully.' })
  @WorkspaceAuth()
  resetWorkspaceAuthToken(@Tenant() tenant: WorkspaceTenant) {
    return this.commands.execute(new ResetWorkspaceAuthTokenCommand(tenant));
  }

  /** D2.5, the hosted call: an API key's auth tokens are replaced by a new one. */
  @Rpc('authtoken/reset', { message: 'Auth token reset successfully.', data: ApiKeyRequest })
  @WorkspaceAuth()
  resetApiKeyAuthToken(@Tenant() tenant: WorkspaceTenant, @RequestData() data: ApiKeyRequest) {
    return this.commands.execute(new ResetApiKeyAuthTokenCommand(tenant, data.apiKey));
  }

  /** Operation 1. */
  @Rpc('apikey/create', { message: 'API key created successfully.', data: CreateApiKeyRequest })
  @WorkspaceAuth()
  createApiKey(@Tenant() tenant: WorkspaceTenant, @RequestData() data: CreateApiKeyRequest) {
    return this.commands.execute(new CreateApiKeyCommand(tenant, data));
  }

  /** Operation 2. */
  @Rpc('authtokens/get', { message: 'Auth tokens retrieved successfully.', data: ApiKeyRequest })
  @WorkspaceAuth()
  getAuthTokens(@Tenant() tenant: WorkspaceTenant, @RequestData() data: ApiKeyRequest) {
    return this.queries.execute(new GetAuthTokensQuery(tenant, data.apiKey));
  }

  /** Operation 3. */
  @Rpc('domains/add', { message: DOMAINS_ADDED_MESSAGE, data: AddDomainsRequest })
  @ApiKeyAuth()
  addDomains(@Tenant() tenant: ApiKeyTenant, @RequestData() data: AddDomainsRequest) {
    return this.commands.execute(new AddDomainsCommand(tenant, data.domains));
  }

  /** Operation 4. */
  @Rpc('webhookconfig/update', {
    message: 'Webhook configuration updated successfully.',
    data: UpdateWebhookConfigRequest,
  })
  @ApiKeyAuth()
  updateWebhookConfig(
    @Tenant() tenant: ApiKeyTenant,
    @RequestData() data: UpdateWebhookConfigRequest,
  ) {
    return this.commands.execute(new UpdateWebhookConfigCommand(tenant, data));
  }

  @Rpc('webhookconfig/get', { message: 'Webhook configuration retrieved successfully.' })
  @ApiKeyAuth()
  getWebhookConfig(@Tenant() tenant: ApiKeyTenant) {
    return this.queries.execute(new GetWebhookConfigQuery(tenant));
  }

  @Rpc('apikeyconfig/get', {
    message: 'API key configuration retrieved successfully.',
    data: ApiKeyRequest,
  })
  @WorkspaceAuth()
  getApiKeyConfig(@Tenant() tenant: WorkspaceTenant, @RequestData() data: ApiKeyRequest) {
    return this.queries.execute(new GetApiKeyConfigQuery(tenant, data.apiKey));
  }

  @Rpc('apikeyconfig/update', {
    message: 'API key configuration updated successfully.',
    data: UpdateApiKeyConfigRequest,
  })
  @WorkspaceAuth()
  updateApiKeyConfig(
    @Tenant() tenant: WorkspaceTenant,
    @RequestData() data: UpdateApiKeyConfigRequest,
  ) {
    const { apiKey, ...changes } = data;
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    return this.commands.execute(new UpdateApiKeyConfigCommand(tenant, apiKey, defined));
  }

  @Rpc('aimodelconfig/get', { message: 'AI model configuration retrieved successfully.' })
  @WorkspaceAuth()
  getAiModelConfig(@Tenant() tenant: WorkspaceTenant) {
    return this.queries.execute(new GetAiModelConfigQuery(tenant));
  }

  @Rpc('aimodelconfig/update', {
    message: 'AI model configuration updated successfully.',
    data: UpdateAiModelConfigRequest,
  })
  @WorkspaceAuth()
  updateAiModelConfig(
    @Tenant() tenant: WorkspaceTenant,
    @RequestData() data: UpdateAiModelConfigRequest,
  ) {
    return this.commands.execute(new UpdateAiModelConfigCommand(tenant, data.providers));
  }
}
