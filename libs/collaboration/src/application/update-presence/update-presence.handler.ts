import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PRESENCE_RECORD_ID, PresenceRecord } from '../../domain/simple-kinds.aggregate';
import { RecordWriter } from '../common/record-writer';
import { UpdatePresenceCommand } from './update-presence.command';

@CommandHandler(UpdatePresenceCommand)
export class UpdatePresenceHandler implements ICommandHandler<UpdatePresenceCommand> {
  constructor(private readonly writer: RecordWriter) {}

  async execute({ target, users }: UpdatePresenceCommand) {
    await this.writer.write(
      target,
      PRESENCE_RECORD_ID,
      (ref) => new PresenceRecord(ref),
      (presence, at) => presence.update(users, at),
    );
    return { success: true };
  }
}
