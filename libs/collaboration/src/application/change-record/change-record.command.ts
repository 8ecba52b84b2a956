import { Command } from '@nestjs/cqrs';
import type { RecordTarget } from '../shared/record-target';

/**
 * What a change of one record decided: the new state (null deletes it, undefined changes
 * nothing) and the caller's answer.
 */
export interface Decision<S, R> {
  next: S | null | undefined;
  result: R;
  action: string;
  subIds?: string[];
}

/**
 * A change of one record whose answer is its own (comments, comment reactions, CRDT writes,
 * presence). `decide` gets the current state, or undefined when the record does not exist.
 */
export class ChangeRecordCommand<S = any, R = unknown> extends Command<R> {
  constructor(
    readonly target: RecordTarget,
    readonly recordId: string,
    readonly decide: (current: S | undefined, at: number) => Decision<S, R>,
  ) {
    super();
  }
}
