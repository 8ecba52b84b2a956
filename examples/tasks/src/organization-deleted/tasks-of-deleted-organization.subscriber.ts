import { Injectable } from '@nestjs/common';
import {
  OrganizationDataDeletion,
  Subscriber,
  type EventSubscriber,
  type RecordedEvent,
} from '@app/event-store';
import { OrganizationDeleted } from '@app/organizations';
import type { EntityManager } from 'typeorm';
import { TASK_STREAM_TYPE } from '../domain/task.aggregate';

/**
 * A deleted organization takes its tasks with it (D6.9): the rows and their streams, by a
 * background job in short steps. The organization deletion's status waits for it like for
 * the server's own libraries, with no edit to them.
 */
@Subscriber()
@Injectable()
export class TasksOfDeletedOrganizationSubscriber implements EventSubscriber {
  readonly subscriptionId = 'example-tasks.tasks-of-deleted-organization';
  readonly handles = [OrganizationDeleted.type];

  constructor(private readonly deletion: OrganizationDataDeletion) {}

  async handle(events: RecordedEvent[], m: EntityManager): Promise<void> {
    for (const deleted of events.filter(OrganizationDeleted.is)) {
      await this.deletion.record(m, deleted, 'example-tasks', {
        tables: ['example_tasks'],
        streamTypes: [TASK_STREAM_TYPE],
      });
    }
  }
}
