import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '@app/event-store';
import { metadataOf } from '@app/workspaces';
import { Task, TASK_STREAM_TYPE, taskStream } from '../../domain/task.aggregate';
import { CompleteTaskCommand } from './complete-task.command';

@CommandHandler(CompleteTaskCommand)
export class CompleteTaskHandler implements ICommandHandler<CompleteTaskCommand> {
  constructor(private readonly repository: AggregateRepository) {}

  execute(c: CompleteTaskCommand): Promise<{ taskId: string }> {
    const { apiKey } = c.tenant;
    return this.repository.update(
      {
        streamId: taskStream(apiKey, c.organizationId, c.taskId),
        streamType: TASK_STREAM_TYPE,
        create: () => new Task(apiKey, c.organizationId, c.taskId),
      },
      metadataOf(c.tenant),
      (task) => {
        task.complete(Date.now());
        return { taskId: c.taskId };
      },
    );
  }
}
