import { Injectable } from '@nestjs/common';
import { Projection, type InlineProjection, type RecordedEvent } from '@app/event-store';
import type { EntityManager } from 'typeorm';
import {
  DeletionCompleted,
  DeletionRequested,
  DeletionTaskCompleted,
} from '../domain/deletion-job.events';

/** Keeps `user_data_deletions` current for operation 17 (version-guarded). */
@Projection()
@Injectable()
export class DeletionJobProjection implements InlineProjection {
  readonly tables = ['user_data_deletions'];
  readonly handles = [DeletionRequested.type, DeletionTaskCompleted.type, DeletionCompleted.type];

  async project(events: RecordedEvent[], m: EntityManager): Promise<void> {
    for (const event of events) {
      const v = event.streamVersion;
      if (DeletionRequested.is(event)) {
        const d = event.data;
        await m.query(
          `INSERT INTO user_data_deletions (api_key, job_id, tasks_count, tasks_left, completed, created_at, version)
           VALUES ($1, $2, $3, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
          [d.apiKey, d.jobId, d.tasks.length, d.tasks.length === 0, d.at, v],
        );
      } else if (DeletionTaskCompleted.is(event)) {
        const d = event.data;
        await m.query(
          `UPDATE user_data_deletions SET tasks_left = tasks_left - 1, last_task_completed_time = $3, version = $4
           WHERE api_key = $1 AND job_id = $2 AND version < $4`,
          [d.apiKey, d.jobId, d.at, v],
        );
      } else if (DeletionCompleted.is(event)) {
        const d = event.data;
        await m.query(
          `UPDATE user_data_deletions SET completed = true, version = $3
           WHERE api_key = $1 AND job_id = $2 AND version < $3`,
          [d.apiKey, d.jobId, v],
        );
      }
    }
  }
}
