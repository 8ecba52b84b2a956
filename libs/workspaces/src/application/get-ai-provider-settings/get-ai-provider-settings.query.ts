import { Query } from '@nestjs/cqrs';
import type { AiProvider } from '../../domain/workspace.events';

/** A provider's settings with the key opened: for the server's own calls, never an answer. */
export interface AiProviderSettings {
  apiKey: string;
  baseUrl?: string;
  models?: string[];
}

/**
 * For Ask AI (D12): the settings of one provider, or undefined when none. An API key's own
 * provider key (`apikeyconfig`'s `aiModelApiKey`, D3.4) wins over the workspace's; the
 * workspace's endpoint and model list still apply to it.
 */
export class GetAiProviderSettingsQuery extends Query<AiProviderSettings | undefined> {
  constructor(
    readonly workspaceId: string,
    readonly provider: AiProvider,
    readonly apiKey?: string,
  ) {
    super();
  }
}
