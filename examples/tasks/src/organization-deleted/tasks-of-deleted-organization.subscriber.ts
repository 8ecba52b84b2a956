import { Injectable } from '@nestjs/common';
import { Subscriber } from '@app/event-store';
import { OrganizationDataSubscriber } from '@app/organizations';
import { TASK_STREAM_TYPE } from '../domain/task.aggregate';

/**
 * A deleted organization takes its tasks with it (D6.9): the rows and their streams, by a
 * background job in short steps. The organization deletion's status waits for it like for
 * the server's own libraries, with no edit to them.
 */
@Subscriber()
@Injectable()
export class TasksOfDeletedOrganizationSubscriber extends OrganizationDataSubscriber {
  readonly subscriptionId = 'example-tasks.tasks-of-deleted-organization';
  protected readonly library = 'example-tasks';
  protected readonly data = { tables: ['example_tasks'], streamTypes: [TASK_STREAM_TYPE] };
}
