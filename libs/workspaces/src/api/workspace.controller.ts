import { Controller, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiTags, CONFLICT, NULL_DATA, RequestData, Rpc } from '@app/platform';
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
import { GetActivityConfigQuery } from '../application/get-activity-config/get-activity-config.query';
import { GetAuthTokensQuery } from '../application/get-auth-tokens/get-auth-tokens.query';
import { GetApiKeysQuery } from '../application/get-api-keys/get-api-keys.query';
import { GetDomainsQuery } from '../application/get-domains/get-domains.query';
import { GetWorkspaceQuery } from '../application/get-workspace/get-workspace.query';
import { RemoveDomainsCommand } from '../application/remove-domains/remove-domains.command';
import { DOMAINS_REMOVED_MESSAGE } from '../application/remove-domains/remove-domains.handler';
import { RenameApiKeyCommand } from '../application/rename-api-key/rename-api-key.command';
import { GetNotificationConfigQuery } from '../application/get-notification-config/get-notification-config.query';
import { ResetApiKeyAuthTokenCommand } from '../application/reset-api-key-auth-token/reset-api-key-auth-token.command';
import { ResetWorkspaceAuthTokenCommand } from '../application/reset-workspace-auth-token/reset-workspace-auth-token.command';
import { UpdateAiModelConfigCommand } from '../application/update-ai-model-config/update-ai-model-config.command';
import { UpdateActivityConfigCommand } from '../application/update-activity-config/update-activity-config.command';
import { UpdateApiKeyConfigCommand } from '../application/update-api-key-config/update-api-key-config.command';
import { NO_FIELD_TO_UPDATE } from '../application/update-api-key-config/update-api-key-config.handler';
import { UpdateNotificationConfigCommand } from '../application/update-notification-config/update-notification-config.command';
import { ACTIVITY_CONFIG } from './dto/activity-config.response';
import { AddDomainsRequest } from './dto/add-domains.request';
import { ApiKeyRequest } from './dto/api-key.request';
import { CreateApiKeyRequest } from './dto/create-api-key.request';
import { CreateWorkspaceRequest } from './dto/create-workspace.request';
import { GetApiKeysRequest } from './dto/get-api-keys.request';
import { RemoveDomainsRequest } from './dto/remove-domains.request';
import { UpdateApiKeyRequest } from './dto/update-api-key.request';
import { UpdateAiModelConfigRequest } from './dto/update-ai-model-config.request';
import { UpdateActivityConfigRequest } from './dto/update-activity-config.request';
import { UpdateApiKeyConfigRequest } from './dto/update-api-key-config.request';
import { UpdateNotificationConfigRequest } from './dto/update-notification-config.request';
import {
  AI_MODEL_CONFIG,
  ALLOWED_DOMAINS,
  API_KEY_CONFIG,
  API_KEY_LIST,
  AUTH_TOKENS,
  CREATED_API_KEY,
  CREATED_WORKSPACE,
  DOMAINS_ADDED,
  DOMAINS_REMOVED,
  NOTIFICATION_CONFIG,
  RESET_API_KEY_AUTH_TOKEN,
  UPDATED_API_KEY_CONFIG,
  WORKSPACE,
  WORKSPACE_AUTH_TOKEN,
} from './dto/workspace.response';

/** Workspace operations: spec 1–4 and the console settings of D3. */
@ApiTags('workspace')
@Controller('v2/workspace')
export class WorkspaceController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Rpc('create', {
    message: WORKSPACE_CREATED_MESSAGE,
    summary: 'Create a workspace with its owner, auth token and a first (testing) API key',
    data: CreateWorkspaceRequest,
    response: CREATED_WORKSPACE,
  })
  @AdminAuth()
  createWorkspace(@RequestData() data: CreateWorkspaceRequest, @Req() req: { id: string }) {
    return this.commands.execute(
      new CreateWorkspaceCommand({ input: data, requestId: String(req.id) }),
    );
  }

  /** The hosted call, without the auth token: it is stored only as a digest (D2.5). */
  @Rpc('get', {
    message: 'Workspace retrieved successfully',
    summary:
      'Read the workspace, its owner and its API keys (not its auth token: stored as a digest)',
    response: WORKSPACE,
  })
  @WorkspaceAuth()
  getWorkspace(@Tenant() tenant: WorkspaceTenant) {
    return this.queries.execute(new GetWorkspaceQuery(tenant));
  }

  /** The hosted call: the workspace's keys in pages, never a token or secret. */
  @Rpc('apikeys/get', {
    message: 'API keys retrieved successfully.',
    summary: "List the workspace's API keys (id, name, type) in pages",
    data: GetApiKeysRequest,
    response: API_KEY_LIST,
    pageToken: 'nextPageToken',
  })
  @WorkspaceAuth()
  getApiKeys(@Tenant() tenant: WorkspaceTenant, @RequestData() data: GetApiKeysRequest) {
    return this.queries.execute(
      new GetApiKeysQuery({
        tenant,
        apiKeys: data.apiKeys,
        pageSize: data.pageSize,
        pageToken: data.pageToken,
      }),
    );
  }

  /** The hosted call: a key of the workspace gets a new display name. */
  @Rpc('apikey/update', {
    message: 'API key updated successfully.',
    summary: "Rename one of the workspace's API keys",
    data: UpdateApiKeyRequest,
    response: NULL_DATA,
    errors: { ...CONFLICT, NOT_FOUND: 'the API key is not one of the workspace' },
  })
  @WorkspaceAuth()
  updateApiKey(@Tenant() tenant: WorkspaceTenant, @RequestData() data: UpdateApiKeyRequest) {
    return this.commands.execute(
      new RenameApiKeyCommand({ tenant, apiKey: data.apiKey, apiKeyName: data.apiKeyName }),
    );
  }

  /** D2.5: the workspace's own token (shown once). */
  @Rpc('workspaceauthtoken/reset', {
    message: 'Workspace auth token reset successfully.',
    summary: "Replace the workspace's auth token with a new one",
    response: WORKSPACE_AUTH_TOKEN,
    errors: CONFLICT,
  })
  @WorkspaceAuth()
  resetWorkspaceAuthToken(@Tenant() tenant: WorkspaceTenant) {
    return this.commands.execute(new ResetWorkspaceAuthTokenCommand({ tenant }));
  }

  /** D2.5, the hosted call: an API key's auth tokens are replaced by a new one. */
  @Rpc('authtoken/reset', {
    message: 'Auth token reset successfully.',
    summary: "Replace an API key's auth tokens with a new one",
    data: ApiKeyRequest,
    response: RESET_API_KEY_AUTH_TOKEN,
    errors: { ...CONFLICT, NOT_FOUND: 'the API key is not one of the workspace' },
  })
  @WorkspaceAuth()
  resetApiKeyAuthToken(@Tenant() tenant: WorkspaceTenant, @RequestData() data: ApiKeyRequest) {
    return this.commands.execute(new ResetApiKeyAuthTokenCommand({ tenant, apiKey: data.apiKey }));
  }

  /** Operation 1. */
  @Rpc('apikey/create', {
    message: 'API key created successfully.',
    summary: 'Create an API key for the workspace',
    data: CreateApiKeyRequest,
    response: CREATED_API_KEY,
  })
  @WorkspaceAuth()
  createApiKey(@Tenant() tenant: WorkspaceTenant, @RequestData() data: CreateApiKeyRequest) {
    return this.commands.execute(new CreateApiKeyCommand({ tenant, input: data }));
  }

  /** Operation 2. */
  @Rpc('authtokens/get', {
    message: 'Auth tokens retrieved successfully.',
    summary: "Read an API key's auth tokens",
    data: ApiKeyRequest,
    response: AUTH_TOKENS,
    errors: { NOT_FOUND: 'the API key is not one of the workspace' },
  })
  @WorkspaceAuth()
  getAuthTokens(@Tenant() tenant: WorkspaceTenant, @RequestData() data: ApiKeyRequest) {
    return this.queries.execute(new GetAuthTokensQuery(tenant, data.apiKey));
  }

  /** Operation 3. */
  @Rpc('domains/add', {
    message: DOMAINS_ADDED_MESSAGE,
    summary: "Add allowed domains to the API key's auth tokens",
    data: AddDomainsRequest,
    response: DOMAINS_ADDED,
    errors: {
      ...CONFLICT,
      INTERNAL:
        'some domains were already allowed: the others were added anyway (`details.domainsAdded`, `details.skippedDomains`), as the contract requires',
    },
  })
  @ApiKeyAuth()
  addDomains(@Tenant() tenant: ApiKeyTenant, @RequestData() data: AddDomainsRequest) {
    return this.commands.execute(new AddDomainsCommand({ tenant, domains: data.domains }));
  }

  /** The hosted call: the calling key's allowed domains. */
  @Rpc('domains/get', {
    message: 'Allowed domains retrieved successfully.',
    summary: "Read the API key's allowed domains",
    response: ALLOWED_DOMAINS,
  })
  @ApiKeyAuth()
  getDomains(@Tenant() tenant: ApiKeyTenant) {
    return this.queries.execute(new GetDomainsQuery(tenant));
  }

  /** The hosted call: operation 3 undone, with the same partial answer. */
  @Rpc('domains/delete', {
    message: DOMAINS_REMOVED_MESSAGE,
    summary: 'Remove allowed domains from the API key',
    data: RemoveDomainsRequest,
    response: DOMAINS_REMOVED,
    errors: {
      ...CONFLICT,
      INTERNAL:
        'some domains were not allowed: the others were removed anyway (`details.domainsRemoved`, `details.skippedDomains`), as the hosted call answers',
    },
  })
  @ApiKeyAuth()
  removeDomains(@Tenant() tenant: ApiKeyTenant, @RequestData() data: RemoveDomainsRequest) {
    return this.commands.execute(new RemoveDomainsCommand({ tenant, domains: data.domains }));
  }

  /** D9.8: the key's in-app notification switch, as stored. */
  @Rpc('notificationconfig/get', {
    message: 'Notification configuration retrieved successfully.',
    summary: "Read the API key's in-app notification configuration",
    response: NOTIFICATION_CONFIG,
  })
  @ApiKeyAuth()
  getNotificationConfig(@Tenant() tenant: ApiKeyTenant) {
    return this.queries.execute(new GetNotificationConfigQuery(tenant));
  }

  @Rpc('notificationconfig/update', {
    message: 'Notification configuration updated successfully.',
    summary: "Change the API key's in-app notification configuration (merged into what is stored)",
    data: UpdateNotificationConfigRequest,
    response: NOTIFICATION_CONFIG,
    errors: {
      ...CONFLICT,
      INVALID_ARGUMENT:
        'neither useNotificationService nor notificationServiceConfig given, a delay or batch value out of range or not an integer, a trigger not a boolean',
    },
  })
  @ApiKeyAuth()
  updateNotificationConfig(
    @Tenant() tenant: ApiKeyTenant,
    @RequestData() data: UpdateNotificationConfigRequest,
  ) {
    return this.commands.execute(new UpdateNotificationConfigCommand({ tenant, change: data }));
  }

  /** D7.4: the key's activity service; `isEnabled` is the `activityServiceEnabled` option. */
  @Rpc('activityconfig/get', {
    message: 'Activity logs configuration retrieved successfully.',
    summary: "Read the API key's activity logs configuration",
    response: ACTIVITY_CONFIG,
  })
  @ApiKeyAuth()
  getActivityConfig(@Tenant() tenant: ApiKeyTenant) {
    return this.queries.execute(new GetActivityConfigQuery(tenant));
  }

  @Rpc('activityconfig/update', {
    message: 'Activity logs configuration updated successfully.',
    summary:
      "Change the API key's activity logs configuration (merged into what is stored; the first enable seeds the comment triggers and immutable records)",
    data: UpdateActivityConfigRequest,
    response: ACTIVITY_CONFIG,
    errors: {
      ...CONFLICT,
      INVALID_ARGUMENT:
        'activityServiceConfig missing or with no field, enabledTime not an integer of epoch ms, a trigger not a boolean',
    },
  })
  @ApiKeyAuth()
  updateActivityConfig(
    @Tenant() tenant: ApiKeyTenant,
    @RequestData() data: UpdateActivityConfigRequest,
  ) {
    const { isEnabled, enabledTime, immutable, triggers } = data.activityServiceConfig;
    return this.commands.execute(
      new UpdateActivityConfigCommand({
        tenant,
        change: { isEnabled, enabledTime, immutable, triggers },
      }),
    );
  }

  /** D3.4, the hosted call: API-key level, the key's own console options. */
  @Rpc('apikeyconfig/get', {
    message: 'API key configuration retrieved successfully.',
    summary: "Read the API key's console options and its own AI provider keys (masked)",
    response: API_KEY_CONFIG,
  })
  @ApiKeyAuth()
  getApiKeyConfig(@Tenant() tenant: ApiKeyTenant) {
    return this.queries.execute(new GetApiKeyConfigQuery(tenant));
  }

  @Rpc('apikeyconfig/update', {
    message: 'API key configuration updated successfully.',
    summary: "Change the API key's console options or set its own AI provider keys",
    data: UpdateApiKeyConfigRequest,
    response: UPDATED_API_KEY_CONFIG,
    errors: {
      ...CONFLICT,
      INVALID_ARGUMENT: `no field given ("${NO_FIELD_TO_UPDATE}"), a provider given twice in aiModelApiKey, or a field of the wrong type`,
    },
  })
  @ApiKeyAuth()
  updateApiKeyConfig(
    @Tenant() tenant: ApiKeyTenant,
    @RequestData() data: UpdateApiKeyConfigRequest,
  ) {
    const { enablePrivateComments, aiModelApiKey, ...ours } = data;
    const options = Object.fromEntries(
      Object.entries({ ...ours, privateCommentsEnabled: enablePrivateComments }).filter(
        ([, v]) => v !== undefined,
      ),
    );
    return this.commands.execute(
      new UpdateApiKeyConfigCommand({
        tenant,
        change: { options, ...(aiModelApiKey && { aiModelApiKey }) },
      }),
    );
  }

  @Rpc('aimodelconfig/get', {
    message: 'AI model configuration retrieved successfully.',
    summary: "Read the workspace's AI providers (keys shown by their last four characters)",
    response: AI_MODEL_CONFIG,
  })
  @WorkspaceAuth()
  getAiModelConfig(@Tenant() tenant: WorkspaceTenant) {
    return this.queries.execute(new GetAiModelConfigQuery(tenant));
  }

  @Rpc('aimodelconfig/update', {
    message: 'AI model configuration updated successfully.',
    summary: "Set or remove the workspace's AI provider keys, endpoints and model lists",
    data: UpdateAiModelConfigRequest,
    response: AI_MODEL_CONFIG,
    errors: CONFLICT,
  })
  @WorkspaceAuth()
  updateAiModelConfig(
    @Tenant() tenant: WorkspaceTenant,
    @RequestData() data: UpdateAiModelConfigRequest,
  ) {
    return this.commands.execute(
      new UpdateAiModelConfigCommand({ tenant, providers: data.providers }),
    );
  }
}
