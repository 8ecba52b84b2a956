import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PageTokens, sortedIds, type Page } from '@app/platform';
import type { ApiKeyTenant } from '@app/workspaces';
import { DataSource } from 'typeorm';
import type { UserTarget } from '../common/user-item';
import { GetUsersQuery, type UserView } from './get-users.query';

interface UserRow {
  user_id: string;
  name: string;
  email: string;
  metadata: Record<string, unknown>;
}

interface DocumentUserRow extends UserRow {
  document_id: string;
}

const viewOf = (row: UserRow): UserView => ({
  userId: row.user_id,
  name: row.name,
  email: row.email,
  ...row.metadata,
});

/**
 * The group filter, as a condition on a `users` row `u`: one index probe per row read (the
 * members' index leads with the organization and user), so a page's rows stay in user id order.
 */
const IN_GROUPS = (param: string) => `($${param}::text[] IS NULL OR EXISTS (
  SELECT 1 FROM user_group_members g
  WHERE g.api_key = u.api_key AND g.organization_id = u.organization_id
    AND g.user_id = u.user_id AND g.group_id = ANY($${param}::text[])))`;

/** A token binds the group filter only when given, so tokens made before it stay good. */
const bound = (groups: string[] | null) => (groups ? [groups] : []);

interface Read {
  tenant: ApiKeyTenant;
  ids: string[] | null;
  groups: string[] | null;
  pageSize: number;
  pageToken: string | undefined;
}

@QueryHandler(GetUsersQuery)
export class GetUsersHandler implements IQueryHandler<GetUsersQuery> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tokens: PageTokens,
  ) {}

  execute({ tenant, selection, filters, pageSize, pageToken }: GetUsersQuery) {
    const ids = sortedIds(filters.userIds);
    const read: Read = { tenant, ids, groups: sortedIds(filters.groupIds), pageSize, pageToken };
    if (selection.kind === 'scope') return this.inScope(read, selection.target);
    return selection.groupByDocumentId
      ? this.byDocument(read, selection.organizationId)
      : this.inAnyDocument(read, selection.organizationId);
  }

  private async inScope(
    { tenant, ids, groups, pageSize, pageToken }: Read,
    { organizationId, scope }: UserTarget,
  ): Promise<Page<UserView>> {
    const read = this.tokens.read<string>(
      'users',
      tenant.apiKey,
      [organizationId, scope.type, scope.id, ids, ...bound(groups)],
      pageSize,
      pageToken,
    );
    const rows: UserRow[] = await this.dataSource.query(
      `SELECT user_id, name, email, metadata FROM users u
       WHERE api_key = $1 AND organization_id = $2 AND scope_type = $3 AND scope_id = $4
         AND ($5::text[] IS NULL OR user_id = ANY($5::text[]))
         AND ($6::text IS NULL OR user_id > $6::text)
         AND ${IN_GROUPS('8')}
       ORDER BY user_id
       LIMIT $7`,
      [tenant.apiKey, organizationId, scope.type, scope.id, ids, read.after, read.limit, groups],
    );
    return read.page(rows, (row) => row.user_id, viewOf);
  }

  /**
   * Every user with a record in some document, once, with the fields of their record in the
   * first of those documents by id.
   */
  private async inAnyDocument(
    { tenant, ids, groups, pageSize, pageToken }: Read,
    organizationId: string,
  ): Promise<Page<UserView>> {
    const read = this.tokens.read<string>(
      'users:all-documents',
      tenant.apiKey,
      [organizationId, ids, ...bound(groups)],
      pageSize,
      pageToken,
    );
    const rows: UserRow[] = await this.dataSource.query(
      `SELECT DISTINCT ON (user_id) user_id, name, email, metadata FROM users u
       WHERE api_key = $1 AND organization_id = $2 AND scope_type = 'document'
         AND ($3::text[] IS NULL OR user_id = ANY($3::text[]))
         AND ($4::text IS NULL OR user_id > $4::text)
         AND ${IN_GROUPS('6')}
       ORDER BY user_id, scope_id
       LIMIT $5`,
      [tenant.apiKey, organizationId, ids, read.after, read.limit, groups],
    );
    return read.page(rows, (row) => row.user_id, viewOf);
  }

  /**
   * Every document record, by document then user id, answered as `{"<documentId>": [users]}`.
   * A page holds `pageSize` records: a document's users may go on on the next page.
   */
  private async byDocument(
    { tenant, ids, groups, pageSize, pageToken }: Read,
    organizationId: string,
  ): Promise<Page<DocumentUserRow>> {
    const read = this.tokens.read<[string, string]>(
      'users:by-document',
      tenant.apiKey,
      [organizationId, ids, ...bound(groups)],
      pageSize,
      pageToken,
    );
    const [afterDocument, afterUser] = read.after ?? [null, null];
    const rows: DocumentUserRow[] = await this.dataSource.query(
      `SELECT scope_id AS document_id, user_id, name, email, metadata FROM users u
       WHERE api_key = $1 AND organization_id = $2 AND scope_type = 'document'
         AND ($3::text[] IS NULL OR user_id = ANY($3::text[]))
         AND ($4::text IS NULL OR (scope_id, user_id) > ($4::text, $5::text))
         AND ${IN_GROUPS('7')}
       ORDER BY scope_id, user_id
       LIMIT $6`,
      [tenant.apiKey, organizationId, ids, afterDocument, afterUser, read.limit, groups],
    );
    return read
      .page(
        rows,
        (row): [string, string] => [row.document_id, row.user_id],
        (row) => row,
      )
      .groupedBy((row) => row.document_id, viewOf);
  }
}
