import type { AiModelConfigView } from '../get-ai-model-config/get-ai-model-config.query';
import type { AiProvider, StoredProviderKey } from '../../domain/workspace.events';

/** Provider keys as shown to callers: only their last four characters (D3.5). */
export function maskedProviders(
  providers: Partial<Record<AiProvider, StoredProviderKey>>,
): AiModelConfigView {
  return {
    providers: Object.fromEntries(
      Object.entries(providers).map(([name, key]) => [
        name,
        {
          apiKeyLast4: key!.last4,
          ...(key!.baseUrl !== undefined && { baseUrl: key!.baseUrl }),
          ...(key!.models !== undefined && { models: key!.models }),
        },
      ]),
    ),
  };
}
