import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '@app/event-store';
import { metadataOf } from '@app/workspaces';
import { Task, TASK_STREAM_TYPE, taskStream } from '../../domain/task.aggregate';
import { CreateTaskCommand, type CreatedTask } from './create-task.command';

@CommandHandler(CreateTaskCommand)
export class CreateTaskHandler implements ICommandHandler<CreateTaskCommand> {
  constructor(private readonly repository: AggregateRepository) {}

  execute(c: CreateTaskCommand): Promise<CreatedTask> {
    const { apiKey } = c.tenant;
    return this.repository.update(
      {
        streamId: taskStream(apiKey, c.organizationId, c.taskId),
        streamType: TASK_STREAM_TYPE,
        create: () => new Task(apiKey, c.organizationId, c.taskId),
      },
      metadataOf(c.tenant),
      (task) => {
        task.create(c.title, c.assigneeId, Date.now());
        return { taskId: c.taskId };
      },
    );
  }
}
