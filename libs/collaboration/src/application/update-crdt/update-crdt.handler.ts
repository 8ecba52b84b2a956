import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CrdtEditorRecord } from '../../domain/simple-kinds.aggregate';
import { RecordWriter } from '../common/record-writer';
import { UpdateCrdtCommand } from './update-crdt.command';

@CommandHandler(UpdateCrdtCommand)
export class UpdateCrdtHandler implements ICommandHandler<UpdateCrdtCommand> {
  constructor(private readonly writer: RecordWriter) {}

  async execute({ target, editorId, input }: UpdateCrdtCommand): Promise<null> {
    await this.writer.write(
      target,
      editorId,
      (ref) => new CrdtEditorRecord(ref),
      (crdt, at) => crdt.update(input, at),
    );
    return null;
  }
}
