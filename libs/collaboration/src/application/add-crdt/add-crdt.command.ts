import { CommandOf } from '@app/platform';
import type { CrdtInput } from '../../domain/simple-kinds.aggregate';
import type { RecordTarget } from '../common/record-target';

/** Writes an editor's first CRDT state (ALREADY_EXISTS when it has one). */
export class AddCrdtCommand extends CommandOf<
  { target: RecordTarget; editorId: string; input: CrdtInput },
  null
>() {}
