import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '@app/event-store';
import { metadataOf } from '@app/workspaces';
import { taskTarget } from '../../domain/task.aggregate';
import { CreateTaskCommand, type CreatedTask } from './create-task.command';

@CommandHandler(CreateTaskCommand)
export class CreateTaskHandler implements ICommandHandler<CreateTaskCommand> {
  constructor(private readonly repository: AggregateRepository) {}

  execute(c: CreateTaskCommand): Promise<CreatedTask> {
    return this.repository.update(
      taskTarget(c.tenant.apiKey, c.organizationId, c.taskId),
      metadataOf(c.tenant),
      (task) => {
        task.create(c.title, c.assigneeId, Date.now());
        return { taskId: c.taskId };
      },
    );
  }
}
