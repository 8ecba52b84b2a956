import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Page, PageTokens, sha256 } from '@app/platform';
import { DataSource } from 'typeorm';
import { toOrganizationView, type OrganizationRow } from '../shared/organization-view';
import { GetOrganizationsQuery } from './get-organizations.query';

@QueryHandler(GetOrganizationsQuery)
export class GetOrganizationsHandler implements IQueryHandler<GetOrganizationsQuery> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tokens: PageTokens,
  ) {}

  async execute({ tenant, organizationIds, pageSize, pageToken }: GetOrganizationsQuery) {
    const ids = organizationIds ? [...new Set(organizationIds)].sort() : null;
    // A token answers only the key and the filter it was made for.
    const scope = `organizations:${tenant.apiKey}:${sha256(JSON.stringify(ids))}`;
    const after = pageToken ? this.tokens.verify<string>(scope, pageToken) : null;
    // One row more than the page says whether another page follows; no count, no offset.
    const rows: OrganizationRow[] = await this.dataSource.query(
      `SELECT organization_id, organization_name, disabled, metadata, created_at, last_updated
       FROM organizations
       WHERE api_key = $1
         AND ($2::text[] IS NULL OR organization_id = ANY($2::text[]))
         AND ($3::text IS NULL OR organization_id > $3::text)
       ORDER BY organization_id
       LIMIT $4`,
      [tenant.apiKey, ids, after, pageSize + 1],
    );
    const page = rows.slice(0, pageSize);
    const next =
      rows.length > pageSize
        ? this.tokens.sign(scope, page[page.length - 1].organization_id)
        : undefined;
    return new Page(page.map(toOrganizationView), next);
  }
}
