import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import type { RecordedOf } from '@app/event-store';
import { TaskCompleted } from '../../domain/task.events';
import { TaskNotifier } from './task-notifier';

/**
 * Tells the assignee when their task is completed. Fed from the log after the commit, at
 * least once: the event id is the notice id, so a repeat can be recognised downstream.
 */
@EventsHandler(TaskCompleted)
export class TaskCompletedHandler implements IEventHandler<RecordedOf<typeof TaskCompleted>> {
  constructor(private readonly notifier: TaskNotifier) {}

  async handle({ eventId, data }: RecordedOf<typeof TaskCompleted>): Promise<void> {
    if (!data.assigneeId) return;
    await this.notifier.notify({
      apiKey: data.apiKey,
      organizationId: data.organizationId,
      taskId: data.taskId,
      assigneeId: data.assigneeId,
      noticeId: eventId,
    });
  }
}
