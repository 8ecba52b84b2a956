import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { SecretBox } from '@app/platform';
import { DataSource } from 'typeorm';
import { AuthTokenRow } from '../../read-models/auth-token.entity';
import { findOwnedApiKey } from '../common/owned-api-key';
import { GetAuthTokensQuery, type AuthTokensView } from './get-auth-tokens.query';

@QueryHandler(GetAuthTokensQuery)
export class GetAuthTokensHandler implements IQueryHandler<GetAuthTokensQuery> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly box: SecretBox,
  ) {}

  async execute({ tenant, apiKey }: GetAuthTokensQuery): Promise<AuthTokensView> {
    await findOwnedApiKey(this.dataSource.manager, tenant.workspaceId, apiKey);
    const rows = await this.dataSource.manager.find(AuthTokenRow, {
      where: { apiKey },
      order: { streamVersion: 'ASC' },
    });
    return {
      apiKey,
      authTokens: rows.map((row) => ({
        token: this.box.open(row.sealedToken),
        name: row.name,
        domains: row.domains,
      })),
    };
  }
}
