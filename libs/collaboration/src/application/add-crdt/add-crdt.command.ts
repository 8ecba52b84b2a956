import { Command } from '@nestjs/cqrs';
import type { CrdtInput } from '../../domain/simple-kinds.aggregate';
import type { RecordTarget } from '../common/record-target';

/** Writes an editor's first CRDT state (ALREADY_EXISTS when it has one). */
export class AddCrdtCommand extends Command<null> {
  constructor(
    readonly target: RecordTarget,
    readonly editorId: string,
    readonly input: CrdtInput,
  ) {
    super();
  }
}
