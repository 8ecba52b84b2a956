import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { SecretBox, ServiceError } from '@app/platform';
import { DataSource } from 'typeorm';
import { GetAuthTokensQuery, type AuthTokensView } from './get-auth-tokens.query';

interface TokenRow {
  name: string | null;
  domains: string[] | null;
  sealed_token: string | null;
}

@QueryHandler(GetAuthTokensQuery)
export class GetAuthTokensHandler implements IQueryHandler<GetAuthTokensQuery> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly box: SecretBox,
  ) {}

  async execute({ tenant, apiKey }: GetAuthTokensQuery): Promise<AuthTokensView> {
    // One statement: the key if the workspace owns it, with its tokens (none: one row of NULLs).
    const rows: TokenRow[] = await this.dataSource.query(
      `SELECT t.name, t.domains, t.sealed_token
       FROM api_keys k LEFT JOIN auth_tokens t ON t.api_key = k.api_key
       WHERE k.api_key = $1 AND k.workspace_id = $2
       ORDER BY t.stream_version`,
      [apiKey, tenant.workspaceId],
    );
    // An unknown key and another workspace's key both answer NOT_FOUND (D2.3).
    if (rows.length === 0) throw new ServiceError('NOT_FOUND', 'API key not found.');
    return {
      apiKey,
      authTokens: rows
        .filter((row) => row.sealed_token !== null)
        .map((row) => ({
          token: this.box.open(row.sealed_token!),
          name: row.name!,
          domains: row.domains!,
        })),
    };
  }
}
