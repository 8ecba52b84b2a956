import { CommandOf } from '@app/platform';
import type { CrdtInput } from '../../domain/simple-kinds.aggregate';
import type { RecordTarget } from '../common/record-target';

/** Replaces an editor's CRDT state (NOT_FOUND when it has none). */
export class UpdateCrdtCommand extends CommandOf<
  { target: RecordTarget; editorId: string; input: CrdtInput },
  null
>() {}
