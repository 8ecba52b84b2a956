import { CommandOf } from '@app/platform';
import type { CollabUser } from '../../domain/kinds/people';
import type { RecordTarget } from '../common/record-target';

/** Users join (or refresh their presence on) a document. */
export class AddPresenceCommand extends CommandOf<
  { target: RecordTarget; users: (CollabUser & { status?: string })[] },
  { success: boolean }
>() {}
