import { Injectable } from '@nestjs/common';
import { Projection, type InlineProjection, type RecordedEvent } from '@app/event-store';
import type { EntityManager } from 'typeorm';
import { TaskAssigneeErased, TaskCompleted, TaskCreated } from '../domain/task.events';

/** Keeps `example_tasks` current in the append's transaction; guarded by stream version. */
@Projection()
@Injectable()
export class TaskProjection implements InlineProjection {
  readonly tables = ['example_tasks'];
  readonly handles = [TaskCreated.type, TaskCompleted.type, TaskAssigneeErased.type];

  async project(events: RecordedEvent[], m: EntityManager): Promise<void> {
    for (const event of events) {
      const { apiKey, organizationId, taskId } = (event as RecordedEvent<TaskRefEvent>).data;
      const key = [apiKey, organizationId, taskId, event.streamVersion];
      if (TaskCreated.is(event)) {
        await m.query(
          `INSERT INTO example_tasks (api_key, organization_id, task_id, version, title, assignee_id)
           VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
          [...key, event.data.title, event.data.assigneeId],
        );
      } else {
        const change = TaskCompleted.is(event) ? 'completed = true' : 'assignee_id = NULL';
        await m.query(
          `UPDATE example_tasks SET ${change}, version = $4
           WHERE api_key = $1 AND organization_id = $2 AND task_id = $3 AND version < $4`,
          key,
        );
      }
    }
  }
}

type TaskRefEvent = {
  type: string;
  data: { apiKey: string; organizationId: string; taskId: string };
};
