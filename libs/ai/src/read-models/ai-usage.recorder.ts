import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AiProvider } from '@app/workspaces';

/** What one provider call cost and how it ended; `outcome` is `OK` or the failure's status. */
export interface AiUsageRecord {
  apiKey: string;
  provider: AiProvider;
  model: string;
  inputTokens: number;
  outputTokens: number;
  durationMs: number;
  outcome: string;
  at: number;
}

/**
 * Writes `ai_usage`. A plain table, not events: usage is metering of calls made outside the
 * domain, with nothing to replay or project, and must hold no prompt or text.
 */
@Injectable()
export class AiUsageRecorder {
  constructor(private readonly dataSource: DataSource) {}

  async record(u: AiUsageRecord): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO ai_usage (api_key, provider, model, input_tokens, output_tokens, duration_ms, outcome, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        u.apiKey,
        u.provider,
        u.model,
        u.inputTokens,
        u.outputTokens,
        Math.round(u.durationMs),
        u.outcome,
        u.at,
      ],
    );
  }
}
