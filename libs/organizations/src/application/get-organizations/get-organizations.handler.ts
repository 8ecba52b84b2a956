import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PageTokens, sortedIds } from '@app/platform';
import { DataSource } from 'typeorm';
import { toOrganizationView, type OrganizationRow } from '../common/organization-view';
import { GetOrganizationsQuery } from './get-organizations.query';

@QueryHandler(GetOrganizationsQuery)
export class GetOrganizationsHandler implements IQueryHandler<GetOrganizationsQuery> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tokens: PageTokens,
  ) {}

  async execute({ tenant, organizationIds, pageSize, pageToken }: GetOrganizationsQuery) {
    const ids = sortedIds(organizationIds);
    const read = this.tokens.read<string>('organizations', tenant.apiKey, ids, pageSize, pageToken);
    const rows: OrganizationRow[] = await this.dataSource.query(
      `SELECT organization_id, organization_name, disabled, metadata, created_at, last_updated
       FROM organizations
       WHERE api_key = $1
         AND ($2::text[] IS NULL OR organization_id = ANY($2::text[]))
         AND ($3::text IS NULL OR organization_id > $3::text)
       ORDER BY organization_id
       LIMIT $4`,
      [tenant.apiKey, ids, read.after, read.limit],
    );
    return read.page(rows, (row) => row.organization_id, toOrganizationView);
  }
}
