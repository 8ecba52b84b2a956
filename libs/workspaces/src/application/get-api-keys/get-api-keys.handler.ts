import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PageTokens, sortedIds } from '@app/platform';
import { DataSource } from 'typeorm';
import type { ApiKeySettings } from '../../read-models/api-key.entity';
import { apiKeySummaryOf } from '../common/api-key-summary';
import { GetApiKeysQuery } from './get-api-keys.query';

@QueryHandler(GetApiKeysQuery)
export class GetApiKeysHandler implements IQueryHandler<GetApiKeysQuery> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tokens: PageTokens,
  ) {}

  async execute({ tenant, apiKeys, pageSize, pageToken }: GetApiKeysQuery) {
    const ids = sortedIds(apiKeys);
    // Tokens are bound to the workspace (the read's scope), as other reads bind them to a key.
    const read = this.tokens.read<string>('api-keys', tenant.workspaceId, ids, pageSize, pageToken);
    const rows: { api_key: string; settings: ApiKeySettings }[] = await this.dataSource.query(
      `SELECT api_key, settings FROM api_keys
       WHERE workspace_id = $1
         AND ($2::text[] IS NULL OR api_key = ANY($2::text[]))
         AND ($3::text IS NULL OR api_key > $3::text)
       ORDER BY api_key
       LIMIT $4`,
      [tenant.workspaceId, ids, read.after, read.limit],
    );
    return read.page(
      rows,
      (row) => row.api_key,
      (row) => apiKeySummaryOf({ apiKey: row.api_key, settings: row.settings }),
    );
  }
}
