import type { EntityManager } from 'typeorm';
import type { Aggregate } from './aggregate';
import type { AggregateToSave } from './aggregate.repository';
import type { RecordedEvent } from './events';
import type { StreamTarget } from './stream-target';

/** What a `before` step may answer: `toSave` are aggregates it opened, appended first. */
export interface Prepared {
  toSave?: AggregateToSave[];
}

/** What `decide` sees besides the aggregates: the `before` answer, the stored events, the transaction. */
export interface DecideContext<B, L> {
  prepared: B;
  /** The events the aggregates were loaded from (with their ids, for rewrites). */
  loaded: L;
  manager: EntityManager;
}

/**
 * The steps of one change, all in one transaction: `before` reads or opens what the decision
 * needs, `decide` raises events on the loaded aggregates and answers, the events are
 * appended, and `after` writes what goes with them (queue jobs, rewrites) and may replace
 * the answer. A throw anywhere rolls the whole back.
 */
export interface AggregateChange<A, B, L, R, T> {
  before?: (manager: EntityManager) => Promise<B>;
  decide: (aggregate: A, context: DecideContext<B, L>) => R | Promise<R>;
  after?: (manager: EntityManager, recorded: RecordedEvent[], result: R) => Promise<T>;
}

/** One aggregate's change; its `loaded` is the stream's events. */
export type SingleChange<A extends Aggregate, B extends object, R, T> = AggregateChange<
  A,
  B,
  RecordedEvent[],
  R,
  T
>;

/** Several aggregates' change; `decide` gets them in the targets' order, `loaded` by stream id. */
export type ManyChange<A extends Aggregate, B extends object, R, T> = AggregateChange<
  A[],
  B,
  Map<string, RecordedEvent[]>,
  R,
  T
>;

/** The targets, or the targets known only from what `before` found. */
export type TargetsOf<A extends Aggregate, B> =
  readonly StreamTarget<A>[] | ((prepared: B) => readonly StreamTarget<A>[]);
