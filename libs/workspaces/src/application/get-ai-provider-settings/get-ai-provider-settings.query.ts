import { Query } from '@nestjs/cqrs';
import type { AiProvider } from '../../domain/workspace.events';

/** A provider's settings with the key opened: for the server's own calls, never an answer. */
export interface AiProviderSettings {
  apiKey: string;
  baseUrl?: string;
  models?: string[];
}

/** For Ask AI (D12): the workspace's settings of one provider, or undefined when none. */
export class GetAiProviderSettingsQuery extends Query<AiProviderSettings | undefined> {
  constructor(
    readonly workspaceId: string,
    readonly provider: AiProvider,
  ) {
    super();
  }
}
