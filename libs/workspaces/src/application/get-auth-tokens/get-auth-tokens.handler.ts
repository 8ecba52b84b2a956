import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { SecretBox } from '@app/platform';
import { DataSource } from 'typeorm';
import { apiKeyNotFound } from '../common/owned-api-key';
import { GetAuthTokensQuery, type AuthTokensView } from './get-auth-tokens.query';

/** A token of the key, or (the key has none) one row of NULLs from the outer join. */
type TokenRow =
  | { token_digest: string; name: string; domains: string[]; sealed_token: string }
  | { token_digest: null; name: null; domains: null; sealed_token: null };

@QueryHandler(GetAuthTokensQuery)
export class GetAuthTokensHandler implements IQueryHandler<GetAuthTokensQuery> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly box: SecretBox,
  ) {}

  async execute({ tenant, apiKey }: GetAuthTokensQuery): Promise<AuthTokensView> {
    // One statement: the key if the workspace owns it, with its tokens (none: one row of NULLs).
    const rows: TokenRow[] = await this.dataSource.query(
      `SELECT t.token_digest, t.name, t.domains, t.sealed_token
       FROM api_keys k LEFT JOIN auth_tokens t ON t.api_key = k.api_key
       WHERE k.api_key = $1 AND k.workspace_id = $2
       ORDER BY t.stream_version`,
      [apiKey, tenant.workspaceId],
    );
    // An unknown key and another workspace's key both answer NOT_FOUND (D2.3).
    if (rows.length === 0) throw apiKeyNotFound();
    return {
      apiKey,
      authTokens: rows
        .filter((row) => row.token_digest !== null)
        .map((row) => ({
          token: this.box.open(row.sealed_token),
          name: row.name,
          domains: row.domains,
        })),
    };
  }
}
