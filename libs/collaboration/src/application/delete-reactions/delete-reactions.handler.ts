import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { BatchResult } from '@app/event-store';
import { ReactionRecord } from '../../domain/simple-kinds.aggregate';
import { RecordBatch } from '../common/record-batch';
import { DeleteReactionsCommand } from './delete-reactions.command';
import { removalIn } from '../common/record-target';

@CommandHandler(DeleteReactionsCommand)
export class DeleteReactionsHandler implements ICommandHandler<DeleteReactionsCommand> {
  constructor(private readonly batch: RecordBatch) {}

  execute({ target, reactionIds }: DeleteReactionsCommand): Promise<BatchResult> {
    const at = Date.now();
    return this.batch.run(
      removalIn(target),
      reactionIds,
      (id) => id,
      (ref) => new ReactionRecord(ref),
      (reaction) => {
        reaction.delete(at);
        return 'Deleted Successfully';
      },
    );
  }
}
