import { json, namedSchema } from '@app/platform';
import { DOCUMENT_ACCESS_TYPES } from '../../domain/api-key.events';
import { AI_PROVIDERS } from '../../domain/workspace.events';

const { arrayOf, boolean, integer, mapOf, object, oneOfValues, string } = json;

/** `workspace/create` (D3.1): the auth token is shown here once. */
export const CREATED_WORKSPACE = namedSchema(
  'CreatedWorkspace',
  object({
    id: string('The workspace id (`x-service-workspace-id`)'),
    name: string(),
    owner: object(
      {
        email: string(),
        id: string("The owner's id, made with the workspace"),
        name: string("As given; the owner's email when not given"),
        avatar: string('As given; absent when not given'),
      },
      { optional: ['avatar'] },
    ),
    authToken: string('The workspace auth token, shown once'),
    apiKeyList: mapOf(
      object({ id: string(), apiKeyName: string(), type: oneOfValues(['testing']) }),
      'The first (testing) API key, by key',
    ),
  }),
);

export const WORKSPACE_AUTH_TOKEN = object({
  authToken: string('The new workspace auth token, shown once'),
});

const AUTH_TOKEN = namedSchema(
  'AuthToken',
  object({
    token: string(),
    name: string(),
    domains: arrayOf(string(), 'Origins the token is accepted from; empty: any'),
  }),
);

export const RESET_API_KEY_AUTH_TOKEN = object({ apiKey: string(), newAuthToken: AUTH_TOKEN });

export const CREATED_API_KEY = object({ apiKey: string('The new API key') });

export const AUTH_TOKENS = object({ apiKey: string(), authTokens: arrayOf(AUTH_TOKEN) });

export const DOMAINS_ADDED = object({ domainsAdded: arrayOf(string(), 'As normalised') });

const BATCH_WINDOW = object(
  { isEnabled: boolean(), batchWindowSeconds: integer(), maxActivities: integer() },
  { optional: ['isEnabled', 'batchWindowSeconds', 'maxActivities'] },
);

/** D9.8: the switch as stored; a part never set is absent. */
export const NOTIFICATION_CONFIG = namedSchema(
  'NotificationConfig',
  object({
    useNotificationService: boolean(),
    notificationServiceConfig: object(
      {
        triggers: mapOf(
          mapOf(boolean(), 'Event type (`comment.add`) → on'),
          'Trigger group (`comment`, `huddle`, ...)',
        ),
        delayConfig: object(
          { isEnabled: boolean(), delaySeconds: integer() },
          { optional: ['isEnabled', 'delaySeconds'] },
        ),
        batchConfig: object(
          { document: BATCH_WINDOW, user: BATCH_WINDOW },
          { optional: ['document', 'user'] },
        ),
      },
      { optional: ['triggers', 'delayConfig', 'batchConfig'] },
    ),
  }),
);

/** D3.4: the hosted fields of `apikeyconfig/get`, then ours. */
const API_KEY_CONFIG_FIELDS = {
  apiKey: string(),
  ownerEmail: string(),
  planInfo: object({ type: string() }, { optional: ['type'] }),
  defaultDocumentAccessType: oneOfValues(DOCUMENT_ACCESS_TYPES),
  isPrivateCommentsEnabled: boolean('The hosted `enablePrivateComments`'),
  requireJwtToken: boolean(),
  requireAutoOrgUser: boolean(),
  aiModelsConfig: object(
    Object.fromEntries(
      AI_PROVIDERS.map((p) => [
        p,
        object({ displayText: string('`...` and the last four characters; keys are never shown') }),
      ]),
    ),
    { optional: AI_PROVIDERS, description: "The key's own provider keys; absent when none" },
  ),
  advancedQueriesEnabled: boolean(),
  activityServiceEnabled: boolean("The activity service switch (activityconfig's `isEnabled`)"),
};
const API_KEY_CONFIG_OPTIONAL = ['planInfo', 'aiModelsConfig'];

export const API_KEY_CONFIG = namedSchema(
  'ApiKeyConfig',
  object(API_KEY_CONFIG_FIELDS, { optional: API_KEY_CONFIG_OPTIONAL }),
);

/** The config as it now is, with the hosted update's echo of `enablePrivateComments`. */
export const UPDATED_API_KEY_CONFIG = namedSchema(
  'UpdatedApiKeyConfig',
  object(
    {
      ...API_KEY_CONFIG_FIELDS,
      enablePrivateComments: boolean('The same value as `isPrivateCommentsEnabled`'),
    },
    { optional: API_KEY_CONFIG_OPTIONAL },
  ),
);

const PROVIDER = object(
  {
    apiKeyLast4: string('The last four characters of the key; keys are never shown (D3.5)'),
    baseUrl: string(),
    models: arrayOf(string()),
  },
  { optional: ['baseUrl', 'models'] },
);

export const AI_MODEL_CONFIG = namedSchema(
  'AiModelConfig',
  object({
    providers: object(Object.fromEntries(AI_PROVIDERS.map((p) => [p, PROVIDER])), {
      optional: AI_PROVIDERS,
      description: 'The providers with a key',
    }),
  }),
);

/** One API key as the workspace reads list it (no auth token, no secret). */
const API_KEY_SUMMARY = namedSchema(
  'ApiKeySummary',
  object({
    id: string('The API key'),
    apiKeyName: string(),
    type: string('As given at creation (`testing` by default)'),
  }),
);

/** The hosted `workspace/get`, without the workspace auth token (D2.5: stored as a digest only). */
export const WORKSPACE = namedSchema(
  'Workspace',
  object(
    {
      id: string('The workspace id (`x-service-workspace-id`)'),
      name: string(),
      owner: object(
        {
          email: string(),
          id: string("The owner's id; absent for workspaces made before owners had one"),
          name: string(),
          avatar: string('As given at creation; absent when not given'),
        },
        { optional: ['id', 'avatar'] },
      ),
      apiKeyList: mapOf(API_KEY_SUMMARY, 'Every API key of the workspace, by key'),
    },
    {
      description:
        'The hosted answer without `authToken`: the workspace auth token is stored only as a SHA-256 digest, so it cannot be shown again (workspace/create and workspaceauthtoken/reset show it once)',
    },
  ),
);

export const ALLOWED_DOMAINS = object({
  allowedDomains: arrayOf(string(), "The API key's allowed domains, as normalised"),
});

export const DOMAINS_REMOVED = object({ domainsRemoved: arrayOf(string(), 'As normalised') });

export const API_KEY_LIST = arrayOf(API_KEY_SUMMARY, 'In API key order');
