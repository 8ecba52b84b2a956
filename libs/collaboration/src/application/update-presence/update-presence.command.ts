import { Command } from '@nestjs/cqrs';
import type { PresenceChange } from '../../domain/simple-kinds.events';
import type { RecordTarget } from '../common/record-target';

/** `/v2/presence/update`: present users' name, email or status change. */
export class UpdatePresenceCommand extends Command<{ success: boolean }> {
  constructor(
    readonly target: RecordTarget,
    readonly users: PresenceChange[],
  ) {
    super();
  }
}
