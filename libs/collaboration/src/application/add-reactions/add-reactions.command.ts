import { CommandOf } from '@app/platform';
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
export class AddReactionsCommand extends CommandOf<
  { target: RecordTarget; reactions: NewReaction[] },
  BatchResult
>() {}
