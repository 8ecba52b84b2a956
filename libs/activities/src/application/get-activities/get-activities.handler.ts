import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PageTokens, sortedIds } from '@app/platform';
import { DataSource } from 'typeorm';
import { viewOfRow, type ActivityRow } from '../common/activity-row';
import { activityPageSql, type ListFilters, type ActivityPagePosition } from './activity-page.sql';
import { GetActivitiesQuery } from './get-activities.query';

/** An empty list filters nothing, as an absent one. */
const listOf = (values?: readonly string[]) => (values?.length ? sortedIds(values) : null);

/**
 * `/v2/activities/get` (D7.3): a page costs its own rows (see `activityPageSql`). A token
 * answers only the key and the filters it was made for: other filters refuse it.
 */
@QueryHandler(GetActivitiesQuery)
export class GetActivitiesHandler implements IQueryHandler<GetActivitiesQuery> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tokens: PageTokens,
  ) {}

  async execute({ tenant, filter, pageSize, pageToken }: GetActivitiesQuery) {
    const lists: ListFilters = {
      featureTypes: listOf(filter.featureTypes),
      actionTypes: listOf(filter.actionTypes),
      activityIds: listOf(filter.activityIds),
    };
    const read = this.tokens.read<ActivityPagePosition>(
      'activities',
      tenant.apiKey,
      [
        filter.organizationId,
        filter.documentId,
        filter.targetEntityId,
        filter.userId,
        lists.featureTypes,
        lists.actionTypes,
        lists.activityIds,
        filter.order,
      ],
      pageSize,
      pageToken,
      'pageToken',
    );
    const { sql, params } = activityPageSql(tenant.apiKey, filter, lists, read.after, read.limit);
    const rows: ActivityRow[] = await this.dataSource.query(sql, params);
    return read.page(
      rows,
      (row): ActivityPagePosition => [String(row.ts), row.activity_id],
      viewOfRow,
    );
  }
}
