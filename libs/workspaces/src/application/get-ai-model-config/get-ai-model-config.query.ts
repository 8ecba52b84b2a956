import { Query } from '@nestjs/cqrs';
import type { WorkspaceTenant } from '../../auth/tenant';
import type { AiProvider } from '../../domain/workspace.events';

/** A provider as shown: the key's last four characters; endpoint and models only when set. */
export interface ProviderView {
  apiKeyLast4: string;
  baseUrl?: string;
  models?: string[];
}

/** Provider keys are never shown back: only their last four characters (D3.5). */
export interface AiModelConfigView {
  providers: Partial<Record<AiProvider, ProviderView>>;
}

/** D3.5: `POST /v2/workspace/aimodelconfig/get`. */
export class GetAiModelConfigQuery extends Query<AiModelConfigView> {
  constructor(readonly tenant: WorkspaceTenant) {
    super();
  }
}
