import { Command } from '@nestjs/cqrs';
import type { BatchResult } from '@app/event-store';
import type { CollabUser, Location } from '../../domain/kinds/people';
import type { RecordTarget } from '../common/record-target';

export interface NewReaction {
  reactionId?: string;
  icon: string;
  from: CollabUser;
  location?: Location;
  targetElementId?: string;
}

/** Adds element reactions; an id in use fails its item. */
export class AddReactionsCommand extends Command<BatchResult> {
  constructor(
    readonly target: RecordTarget,
    readonly reactions: NewReaction[],
  ) {
    super();
  }
}
