import { Command } from '@nestjs/cqrs';
import type { CollabUser } from '../../domain/kinds/people';
import type { RecordTarget } from '../common/record-target';

/** Users join (or refresh their presence on) a document. */
export class AddPresenceCommand extends Command<{ success: boolean }> {
  constructor(
    readonly target: RecordTarget,
    readonly users: (CollabUser & { status?: string })[],
  ) {
    super();
  }
}
