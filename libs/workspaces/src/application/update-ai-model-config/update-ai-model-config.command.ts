import { Command } from '@nestjs/cqrs';
import type { WorkspaceTenant } from '../../auth/tenant';
import type { AiProvider } from '../../domain/workspace.events';
import type { AiModelConfigView } from '../get-ai-model-config/get-ai-model-config.query';

/** D3.5: set (`{apiKey}`) or remove (`null`) provider keys; answers the masked result. */
export class UpdateAiModelConfigCommand extends Command<AiModelConfigView> {
  constructor(
    readonly tenant: WorkspaceTenant,
    readonly providers: Partial<Record<AiProvider, { apiKey: string } | null>>,
  ) {
    super();
  }
}
