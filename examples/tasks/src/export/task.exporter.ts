import { Injectable } from '@nestjs/common';
import {
  exportChunk,
  Exporter,
  json,
  type ExportChunk,
  type ExportCursor,
  type ExportSubject,
  type UserDataExporter,
} from '@app/platform';
import { DataSource } from 'typeorm';

const { boolean, object, string } = json;

/** A task as exported: as tasks/get shows it, and its organization. */
const EXPORTED_TASK = object({
  taskId: string(),
  title: string(),
  assigneeId: string(),
  completed: boolean(),
  organizationId: string(),
});

interface Row {
  organization_id: string;
  task_id: string;
  title: string;
  assignee_id: string;
  completed: boolean;
}

/**
 * The tasks assigned to the user, for the GDPR export (`users/data/get`), as the list
 * `tasks`: the counterpart of `TaskEraser`. Marked `@Exporter`, it is found at first use
 * like the eraser, with no edit to the GDPR library. It reads the read table by its stable
 * key (organization, task id), `limit` rows at a time.
 */
@Injectable()
@Exporter({ features: { tasks: EXPORTED_TASK } })
export class TaskExporter implements UserDataExporter {
  constructor(private readonly dataSource: DataSource) {}

  async export(
    _feature: string,
    { apiKey, userId, organizationId }: ExportSubject,
    after: ExportCursor | null,
    limit: number,
  ): Promise<ExportChunk> {
    const [afterOrganization, afterTask] = (after as string[] | null) ?? [];
    const rows: Row[] = await this.dataSource.query(
      `SELECT organization_id, task_id, title, assignee_id, completed FROM example_tasks
       WHERE api_key = $1 AND assignee_id = $2
         AND ($3::text IS NULL OR organization_id = $3::text)
         AND ($4::text IS NULL OR (organization_id, task_id) > ($4::text, $5::text))
       ORDER BY organization_id, task_id
       LIMIT $6`,
      [
        apiKey,
        userId,
        organizationId ?? null,
        afterOrganization ?? null,
        afterTask ?? null,
        limit + 1,
      ],
    );
    return exportChunk(
      rows,
      limit,
      (row) => [row.organization_id, row.task_id],
      (row) => ({
        taskId: row.task_id,
        title: row.title,
        assigneeId: row.assignee_id,
        completed: row.completed,
        organizationId: row.organization_id,
      }),
    );
  }
}
