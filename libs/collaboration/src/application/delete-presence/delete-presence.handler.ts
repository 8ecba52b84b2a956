import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PRESENCE_RECORD_ID, PresenceRecord } from '../../domain/simple-kinds.aggregate';
import { RecordWriter } from '../common/record-writer';
import { DeletePresenceCommand } from './delete-presence.command';
import { removalIn } from '../common/record-target';

@CommandHandler(DeletePresenceCommand)
export class DeletePresenceHandler implements ICommandHandler<DeletePresenceCommand> {
  constructor(private readonly writer: RecordWriter) {}

  async execute({ target, userIds }: DeletePresenceCommand) {
    await this.writer.write(
      removalIn(target),
      PRESENCE_RECORD_ID,
      (ref) => new PresenceRecord(ref),
      (presence, at) => presence.leave(userIds, at),
    );
    return { success: true };
  }
}
