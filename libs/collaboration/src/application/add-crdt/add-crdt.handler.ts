import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CrdtEditorRecord } from '../../domain/simple-kinds.aggregate';
import { RecordWriter } from '../common/record-writer';
import { AddCrdtCommand } from './add-crdt.command';

@CommandHandler(AddCrdtCommand)
export class AddCrdtHandler implements ICommandHandler<AddCrdtCommand> {
  constructor(private readonly writer: RecordWriter) {}

  async execute({ target, editorId, input }: AddCrdtCommand): Promise<null> {
    await this.writer.write(
      target,
      editorId,
      (ref) => new CrdtEditorRecord(ref),
      (crdt, at) => crdt.create(input, at),
    );
    return null;
  }
}
