import { Command } from '@nestjs/cqrs';
import type { CrdtInput } from '../../domain/simple-kinds.aggregate';
import type { RecordTarget } from '../common/record-target';

/** Replaces an editor's CRDT state (NOT_FOUND when it has none). */
export class UpdateCrdtCommand extends Command<null> {
  constructor(
    readonly target: RecordTarget,
    readonly editorId: string,
    readonly input: CrdtInput,
  ) {
    super();
  }
}
