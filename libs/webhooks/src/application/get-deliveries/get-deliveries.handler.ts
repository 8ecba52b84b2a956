import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PageTokens, type Page } from '@app/platform';
import { DataSource } from 'typeorm';
import { GetDeliveriesQuery, type DeliveryView } from './get-deliveries.query';

interface DeliveryRow {
  delivery_id: string;
  seq: string;
  event_id: string;
  event_type: string;
  destination: string;
  endpoint_id: string | null;
  url: string;
  status: string;
  created_at: Date;
  next_attempt_at: Date | null;
  attempts_list: {
    attempt: number;
    attempted_at: string;
    http_status: number | null;
    duration_ms: number;
    response: string | null;
    error: string | null;
  }[];
}

@QueryHandler(GetDeliveriesQuery)
export class GetDeliveriesHandler implements IQueryHandler<GetDeliveriesQuery> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tokens: PageTokens,
  ) {}

  async execute(query: GetDeliveriesQuery): Promise<Page<DeliveryView>> {
    const { tenant, filter: f } = query;
    // The page token is bound to this list of filters (in this order).
    const filter = [f.status, f.eventType, f.endpointId, f.from, f.to];
    const read = this.tokens.read<string>(
      'webhook-deliveries',
      tenant.apiKey,
      filter,
      query.pageSize,
      query.pageToken,
    );
    const rows: DeliveryRow[] = await this.dataSource.query(
      `SELECT d.delivery_id, d.seq::text AS seq, d.event_id, d.event_type, d.destination,
         d.endpoint_id, d.url, d.status, d.created_at, d.next_attempt_at,
         COALESCE((SELECT json_agg(a ORDER BY a.attempt) FROM webhook_attempts a
                   WHERE a.delivery_id = d.delivery_id), '[]') AS attempts_list
       FROM webhook_deliveries d
       WHERE d.api_key = $1
         AND ($2::text IS NULL OR d.status = $2)
         AND ($3::text IS NULL OR d.event_type = $3)
         AND ($4::text IS NULL OR d.endpoint_id = $4)
         AND ($5::bigint IS NULL OR d.created_at >= to_timestamp($5::bigint / 1000.0))
         AND ($6::bigint IS NULL OR d.created_at < to_timestamp($6::bigint / 1000.0))
         AND ($7::bigint IS NULL OR d.seq < $7::bigint)
       ORDER BY d.seq DESC
       LIMIT $8`,
      [tenant.apiKey, ...filter, read.after, read.limit],
    );
    return read.page(
      rows,
      (r) => r.seq,
      (r) => ({
        deliveryId: r.delivery_id,
        eventId: r.event_id,
        eventType: r.event_type,
        destination: r.destination.startsWith('endpoint:') ? 'endpoint' : r.destination,
        endpointId: r.endpoint_id,
        url: r.url,
        status: r.status,
        attempts: r.attempts_list.map((a) => ({
          attempt: a.attempt,
          at: new Date(a.attempted_at).getTime(),
          httpStatus: a.http_status,
          durationMs: a.duration_ms,
          response: a.response,
          error: a.error,
        })),
        createdAt: new Date(r.created_at).getTime(),
        nextAttemptAt: r.next_attempt_at ? new Date(r.next_attempt_at).getTime() : null,
      }),
    );
  }
}
