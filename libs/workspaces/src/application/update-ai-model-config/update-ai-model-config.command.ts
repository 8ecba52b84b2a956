import { CommandOf } from '@app/platform';
import type { WorkspaceTenant } from '../../auth/tenant';
import type { AiProvider } from '../../domain/workspace.events';
import type { AiModelConfigView } from '../get-ai-model-config/get-ai-model-config.query';

/** What a caller gives for one provider: the key, and optionally its endpoint and models. */
export interface ProviderSettingsInput {
  apiKey: string;
  baseUrl?: string;
  models?: string[];
}

/** D3.5: set (`{apiKey, baseUrl?, models?}`) or remove (`null`) providers; answers the masked result. */
export class UpdateAiModelConfigCommand extends CommandOf<
  { tenant: WorkspaceTenant; providers: Partial<Record<AiProvider, ProviderSettingsInput | null>> },
  AiModelConfigView
>() {}
