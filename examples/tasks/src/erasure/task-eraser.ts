import { Injectable } from '@nestjs/common';
import { AggregateRepository, EventStore } from '@app/event-store';
import {
  Eraser,
  type ErasureFootprint,
  type ErasureSubject,
  type UserDataEraser,
} from '@app/platform';
import { DataSource } from 'typeorm';
import { taskTarget } from '../domain/task.aggregate';

export const TASKS_KIND = 'example-tasks';

/**
 * Erases users as assignees of tasks (D8.3): each of their tasks is unassigned, and every
 * stored event of it is rewritten without them, in one transaction per task. Running it
 * again finds no task assigned to them, so it does nothing twice. Titles are the caller's
 * text and are not scanned here; a module whose free text may name people also replaces
 * `subject.words` (the users' names and emails) in it, as the collaboration eraser does.
 */
@Injectable()
@Eraser()
export class TaskEraser implements UserDataEraser {
  readonly kinds = [TASKS_KIND];

  constructor(
    private readonly dataSource: DataSource,
    private readonly store: EventStore,
    private readonly repository: AggregateRepository,
  ) {}

  async locate(apiKey: string, userIds: string[]): Promise<ErasureFootprint> {
    const rows: { organization_id: string }[] = await this.dataSource.query(
      `SELECT DISTINCT organization_id FROM example_tasks WHERE api_key = $1 AND assignee_id = ANY($2::text[])`,
      [apiKey, userIds],
    );
    return { organizations: rows.map((r) => r.organization_id) };
  }

  async erase(_kind: string, subject: ErasureSubject): Promise<number> {
    const { apiKey, organizationId, userIds, metadata } = subject;
    const rows: { task_id: string }[] = await this.dataSource.query(
      `SELECT task_id FROM example_tasks
       WHERE api_key = $1 AND organization_id = $2 AND assignee_id = ANY($3::text[])`,
      [apiKey, organizationId, userIds],
    );
    for (const { task_id: taskId } of rows) {
      const target = taskTarget(apiKey, organizationId, taskId);
      await this.repository.update(target, metadata, {
        decide: (task) => task.eraseAssignee(Date.now()),
        // Every stored event of the task, the one just appended too, without them.
        after: async (m) => {
          const naming = (await this.store.readStream(target.streamId, m)).filter((e) =>
            userIds.includes((e.data as { assigneeId?: string }).assigneeId ?? ''),
          );
          await this.store.rewrite(
            m,
            naming.map((e) => ({
              eventId: e.eventId,
              data: { ...(e.data as object), assigneeId: null },
            })),
          );
        },
      });
    }
    return rows.length;
  }
}
