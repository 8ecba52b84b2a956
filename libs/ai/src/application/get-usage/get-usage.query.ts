import { Query } from '@nestjs/cqrs';
import type { ApiKeyTenant } from '@app/workspaces';

/** Totals of one model's calls in the period. */
export interface ModelUsage {
  provider: string;
  model: string;
  calls: number;
  failedCalls: number;
  inputTokens: number;
  outputTokens: number;
  durationMs: number;
}

export interface AiUsageView {
  models: ModelUsage[];
}

/** `POST /v2/rewriter/usage/get`: the key's Ask AI usage in `[from, to)` (epoch ms). */
export class GetUsageQuery extends Query<AiUsageView> {
  constructor(
    readonly tenant: ApiKeyTenant,
    readonly from?: number,
    readonly to?: number,
  ) {
    super();
  }
}
