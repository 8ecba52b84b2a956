import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { BatchResult } from '@app/event-store';
import { randomId } from '@app/platform';
import { ReactionRecord } from '../../domain/simple-kinds.aggregate';
import { RecordBatch } from '../common/record-batch';
import { AddReactionsCommand } from './add-reactions.command';

@CommandHandler(AddReactionsCommand)
export class AddReactionsHandler implements ICommandHandler<AddReactionsCommand> {
  constructor(private readonly batch: RecordBatch) {}

  execute({ target, reactions }: AddReactionsCommand): Promise<BatchResult> {
    const at = Date.now();
    const items = reactions.map(({ reactionId, ...input }) => ({
      id: reactionId ?? randomId(),
      input,
    }));
    return this.batch.run(
      target,
      items,
      (item) => item.id,
      (ref) => new ReactionRecord(ref),
      (reaction, { input }) => {
        reaction.add(input, at);
        return 'Added Successfully';
      },
    );
  }
}
