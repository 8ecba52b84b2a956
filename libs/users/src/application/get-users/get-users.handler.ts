import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PageTokens, sortedIds } from '@app/platform';
import { DataSource } from 'typeorm';
import { GetUsersQuery, type UserView } from './get-users.query';

interface UserRow {
  user_id: string;
  name: string;
  email: string;
  metadata: Record<string, unknown>;
}

@QueryHandler(GetUsersQuery)
export class GetUsersHandler implements IQueryHandler<GetUsersQuery> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tokens: PageTokens,
  ) {}

  async execute({ tenant, target, userIds, pageSize, pageToken }: GetUsersQuery) {
    const ids = sortedIds(userIds);
    const { organizationId, scope } = target;
    const read = this.tokens.read<string>(
      'users',
      tenant.apiKey,
      [organizationId, scope.type, scope.id, ids],
      pageSize,
      pageToken,
    );
    const rows: UserRow[] = await this.dataSource.query(
      `SELECT user_id, name, email, metadata FROM users
       WHERE api_key = $1 AND organization_id = $2 AND scope_type = $3 AND scope_id = $4
         AND ($5::text[] IS NULL OR user_id = ANY($5::text[]))
         AND ($6::text IS NULL OR user_id > $6::text)
       ORDER BY user_id
       LIMIT $7`,
      [tenant.apiKey, organizationId, scope.type, scope.id, ids, read.after, read.limit],
    );
    return read.page(
      rows,
      (row) => row.user_id,
      (row): UserView => ({
        userId: row.user_id,
        name: row.name,
        email: row.email,
        ...row.metadata,
      }),
    );
  }
}
