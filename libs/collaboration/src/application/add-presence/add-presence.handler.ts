import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PRESENCE_RECORD_ID, PresenceRecord } from '../../domain/simple-kinds.aggregate';
import { RecordWriter } from '../common/record-writer';
import { AddPresenceCommand } from './add-presence.command';

@CommandHandler(AddPresenceCommand)
export class AddPresenceHandler implements ICommandHandler<AddPresenceCommand> {
  constructor(private readonly writer: RecordWriter) {}

  async execute({ target, users }: AddPresenceCommand) {
    await this.writer.write(
      target,
      PRESENCE_RECORD_ID,
      (ref) => new PresenceRecord(ref),
      (presence, at) => presence.join(users, at),
    );
    return { success: true };
  }
}
