import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PageTokens } from '@app/platform';
import { DataSource } from 'typeorm';
import { AdvancedConfigReader } from '../common/advanced-config.reader';
import { endpointView } from '../common/endpoint-view';
import { GetEndpointsQuery, type EndpointsPage } from './get-endpoints.query';

interface EndpointRow {
  endpoint_id: string;
  seq: string;
  url: string;
  description: string | null;
  filter_types: string[] | null;
  channels: string[] | null;
  disabled: boolean;
  rate_limit: number | null;
  uid: string | null;
  metadata: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
}

@QueryHandler(GetEndpointsQuery)
export class GetEndpointsHandler implements IQueryHandler<GetEndpointsQuery> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tokens: PageTokens,
    private readonly configs: AdvancedConfigReader,
  ) {}

  async execute({ tenant, limit, iterator }: GetEndpointsQuery): Promise<EndpointsPage> {
    await this.configs.requireEnabled(tenant.apiKey);
    const scope = `webhook-endpoints:${tenant.apiKey}`;
    const after = iterator ? this.tokens.verify<string>(scope, iterator, 'data.iterator') : null;
    const rows: EndpointRow[] = await this.dataSource.query(
      `SELECT endpoint_id, seq::text AS seq, url, description, filter_types, channels, disabled,
         rate_limit, uid, metadata, created_at, updated_at FROM webhook_endpoints
       WHERE api_key = $1 AND ($2::bigint IS NULL OR seq > $2::bigint)
       ORDER BY seq LIMIT $3`,
      [tenant.apiKey, after, limit + 1],
    );
    const page = rows.slice(0, limit);
    const done = rows.length <= limit;
    return {
      endpoints: page.map((r) =>
        endpointView({
          endpointId: r.endpoint_id,
          url: r.url,
          description: r.description,
          filterTypes: r.filter_types,
          channels: r.channels,
          disabled: r.disabled,
          rateLimit: r.rate_limit,
          uid: r.uid,
          metadata: r.metadata,
          createdAt: new Date(r.created_at).getTime(),
          updatedAt: new Date(r.updated_at).getTime(),
        }),
      ),
      iterator: done ? null : this.tokens.sign(scope, page[page.length - 1].seq),
      prevIterator: null,
      done,
    };
  }
}
