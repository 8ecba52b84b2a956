import { CommandOf } from '@app/platform';
import type { RecordTarget } from '../common/record-target';

/** Operation 21: users leave a document. */
export class DeletePresenceCommand extends CommandOf<
  { target: RecordTarget; userIds: string[] },
  { success: boolean }
>() {}
