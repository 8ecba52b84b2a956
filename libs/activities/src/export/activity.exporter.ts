import { Injectable } from '@nestjs/common';
import {
  exportChunk,
  Exporter,
  type ExportChunk,
  type ExportCursor,
  type ExportSubject,
  type UserDataExporter,
} from '@app/platform';
import { DataSource } from 'typeorm';
import { ACTIVITY_VIEW } from '../api/dto/activity.response';
import { ACTIVITY_COLUMNS, viewOfRow, type ActivityRow } from '../application/common/activity-row';

/**
 * The activity records that name the user (D7): as the actor or in the record's data (the
 * `people` column, the one erasure finds them by). From the `activities` read table, by
 * (organization, activity id), each as `/v2/activities/get` shows it.
 */
@Injectable()
@Exporter({ features: { activities: ACTIVITY_VIEW } })
export class ActivityExporter implements UserDataExporter {
  constructor(private readonly dataSource: DataSource) {}

  async export(
    _feature: string,
    { apiKey, userId, organizationId }: ExportSubject,
    after: ExportCursor | null,
    limit: number,
  ): Promise<ExportChunk> {
    const [afterOrganization, afterId] = (after as string[] | null) ?? [];
    const rows: ActivityRow[] = await this.dataSource.query(
      `SELECT ${ACTIVITY_COLUMNS} FROM activities a
       WHERE a.api_key = $1 AND a.people @> ARRAY[$2::text]
         AND ($3::text IS NULL OR a.organization_id = $3::text)
         AND ($4::text IS NULL OR (a.organization_id, a.activity_id) > ($4::text, $5::text))
       ORDER BY a.organization_id, a.activity_id
       LIMIT $6`,
      [
        apiKey,
        userId,
        organizationId ?? null,
        afterOrganization ?? null,
        afterId ?? null,
        limit + 1,
      ],
    );
    return exportChunk(rows, limit, (row) => [row.organization_id, row.activity_id], viewOfRow);
  }
}
