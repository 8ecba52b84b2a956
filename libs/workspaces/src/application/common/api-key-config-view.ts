import type { ApiKeyOptions, KeyAiModelKeys } from '../../domain/api-key.events';
import type { AiProvider } from '../../domain/workspace.events';
import type { ApiKeyConfigView } from '../get-api-key-config/get-api-key-config.query';

/** What the view is made of: the key's stored state, from the read model or the aggregate. */
export interface ApiKeyConfigSource {
  apiKey: string;
  ownerEmail: string;
  planInfo?: { type?: string };
  options: ApiKeyOptions;
  aiModelKeys: KeyAiModelKeys;
}

/** A provider key as answers show it: never the key, only its last four characters (D3.5). */
export const displayTextOf = (last4: string): string => `...${last4}`;

/**
 * `apikeyconfig/get` in the hosted shape (D3.4) plus our options; `aiModelsConfig` is absent
 * while the key has no provider key, as the hosted answer leaves it out.
 */
export function apiKeyConfigView(source: ApiKeyConfigSource): ApiKeyConfigView {
  const { options, aiModelKeys } = source;
  const providers = Object.entries(aiModelKeys);
  return {
    apiKey: source.apiKey,
    ownerEmail: source.ownerEmail,
    ...(source.planInfo && { planInfo: source.planInfo }),
    defaultDocumentAccessType: options.defaultDocumentAccessType,
    isPrivateCommentsEnabled: options.privateCommentsEnabled ?? false,
    requireJwtToken: options.requireJwtToken ?? false,
    requireAutoOrgUser: options.requireAutoOrgUser ?? false,
    ...(providers.length > 0 && {
      aiModelsConfig: Object.fromEntries(
        providers.map(([name, key]) => [name, { displayText: displayTextOf(key!.last4) }]),
      ) as Partial<Record<AiProvider, { displayText: string }>>,
    }),
    advancedQueriesEnabled: options.advancedQueriesEnabled,
    activityServiceEnabled: options.activityServiceEnabled,
  };
}
