import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '@app/event-store';
import { metadataOf } from '@app/workspaces';
import { taskTarget } from '../../domain/task.aggregate';
import { CompleteTaskCommand } from './complete-task.command';

@CommandHandler(CompleteTaskCommand)
export class CompleteTaskHandler implements ICommandHandler<CompleteTaskCommand> {
  constructor(private readonly repository: AggregateRepository) {}

  execute(c: CompleteTaskCommand): Promise<{ taskId: string }> {
    return this.repository.update(
      taskTarget(c.tenant.apiKey, c.organizationId, c.taskId),
      metadataOf(c.tenant),
      (task) => {
        task.complete(Date.now());
        return { taskId: c.taskId };
      },
    );
  }
}
