import { CommandOf } from '@app/platform';
import type { PresenceChange } from '../../domain/simple-kinds.events';
import type { RecordTarget } from '../common/record-target';

/** `/v2/presence/update`: present users' name, email or status change. */
export class UpdatePresenceCommand extends CommandOf<
  { target: RecordTarget; users: PresenceChange[] },
  { success: boolean }
>() {}
