import { Query } from '@nestjs/cqrs';
import type { WorkspaceTenant } from '../../auth/tenant';
import type { AiProvider } from '../../domain/workspace.events';

/** Provider keys are never shown back: only their last four characters (D3.5). */
export interface AiModelConfigView {
  providers: Partial<Record<AiProvider, { apiKeyLast4: string }>>;
}

/** D3.5: `POST /v2/workspace/aimodelconfig/get`. */
export class GetAiModelConfigQuery extends Query<AiModelConfigView> {
  constructor(readonly tenant: WorkspaceTenant) {
    super();
  }
}
