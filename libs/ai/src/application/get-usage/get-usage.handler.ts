import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { GetUsageQuery, type AiUsageView } from './get-usage.query';

interface UsageRow {
  provider: string;
  model: string;
  calls: string;
  failed_calls: string;
  input_tokens: string;
  output_tokens: string;
  duration_ms: string;
}

@QueryHandler(GetUsageQuery)
export class GetUsageHandler implements IQueryHandler<GetUsageQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ tenant, from, to }: GetUsageQuery): Promise<AiUsageView> {
    const rows: UsageRow[] = await this.dataSource.query(
      `SELECT provider, model, count(*) AS calls,
              count(*) FILTER (WHERE outcome <> 'OK') AS failed_calls,
              coalesce(sum(input_tokens), 0) AS input_tokens,
              coalesce(sum(output_tokens), 0) AS output_tokens,
              coalesce(sum(duration_ms), 0) AS duration_ms
       FROM ai_usage
       WHERE api_key = $1 AND created_at >= $2 AND ($3::bigint IS NULL OR created_at < $3)
       GROUP BY provider, model ORDER BY provider, model`,
      [tenant.apiKey, from ?? 0, to ?? null],
    );
    return {
      models: rows.map((r) => ({
        provider: r.provider,
        model: r.model,
        calls: Number(r.calls),
        failedCalls: Number(r.failed_calls),
        inputTokens: Number(r.input_tokens),
        outputTokens: Number(r.output_tokens),
        durationMs: Number(r.duration_ms),
      })),
    };
  }
}
