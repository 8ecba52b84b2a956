import { Injectable } from '@nestjs/common';
import {
  holdsSingleConnection,
  isSingleConnection,
  SingleConnectionDeadlockError,
} from '@app/platform';
import { DataSource, type EntityManager } from 'typeorm';
import type { Aggregate } from './aggregate';
import type { ManyChange, Prepared, SingleChange, TargetsOf } from './aggregate-change';
import { EventStore } from './event-store';
import type { EventMetadata, RecordedEvent } from './events';
import { KeyedMutex } from './keyed-mutex';
import { retryOnConflict } from './retry-on-conflict';
import { lockStreamRows } from './stream-row-locks';
import type { StreamTarget } from './stream-target';

export interface AggregateToSave {
  streamType: string;
  streamId: string;
  aggregate: Aggregate;
}

/** Loads aggregates from their streams and appends what they decided, with optimistic concurrency. */
@Injectable()
export class AggregateRepository {
  /** This process's writers of a stream, taking turns (one app's, whatever its requests). */
  private readonly turns = new KeyedMutex();

  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
  ) {}

  async load<A extends Aggregate>(
    streamId: string,
    create: () => A,
    manager?: EntityManager,
  ): Promise<A> {
    return create().load((await this.store.readStream(streamId, manager)) as never);
  }

  /**
   * The usual command on one aggregate: in one transaction `before` runs, the aggregate is
   * loaded, `decide` raises events (and answers), they are appended, `after` runs. In its
   * own transaction it waits for this process's other writers of the stream that take turns,
   * and a writer that got there first without one (another process's, or one of this
   * process that took no turn on the stream, see `retryOnConflict`) makes it run again from
   * `before` (`inTurn`); in the caller's (`manager`) a conflict fails the caller's
   * transaction, whose own retry runs it again. `change` may be just the decide function. Another write of the same stream without `manager` inside
   * `before`, `decide` or `after` would wait for itself: it fails at once instead.
   */
  update<A extends Aggregate, R, B extends object = Prepared, T = R>(
    target: StreamTarget<A>,
    metadata: EventMetadata,
    change: SingleChange<A, B, R, T> | SingleChange<A, B, R, T>['decide'],
    manager?: EntityManager,
  ): Promise<T> {
    const { before, decide, after } = typeof change === 'function' ? { decide: change } : change;
    return this.updateMany(
      [target],
      metadata,
      {
        before,
        decide: ([aggregate], context) =>
          decide(aggregate, { ...context, loaded: context.loaded.get(target.streamId) ?? [] }),
        after,
      },
      manager,
    );
  }

  /**
   * `update` for several aggregates at once: every target's stream is read in one query and
   * `decide` sees the aggregates in the targets' order; all are appended together (those
   * that raised nothing append nothing).
   */
  updateMany<A extends Aggregate, R, B extends object = Prepared, T = R>(
    targets: TargetsOf<A, B>,
    metadata: EventMetadata,
    change: ManyChange<A, B, R, T>,
    manager?: EntityManager,
  ): Promise<T> {
    const attempt = async (m: EntityManager, contended: readonly string[] = []) => {
      const prepared = (change.before ? await change.before(m) : {}) as B;
      const list = typeof targets === 'function' ? targets(prepared) : targets;
      // After `before`, which may take other locks first (a document's numbering), as every
      // writer does before its append takes these rows; streams `before` read already
      // (`toSave`) may still have moved on since.
      await lockStreamRows(m, contended);
      const loaded = await this.store.readStreams(
        list.map((t) => t.streamId),
        m,
      );
      const aggregates = list.map((t) => t.create().load((loaded.get(t.streamId) ?? []) as never));
      const result = await change.decide(aggregates, { prepared, loaded, manager: m });
      const recorded = await this.save(
        [
          ...((prepared as Prepared).toSave ?? []),
          ...list.map(({ streamId, streamType }, i) => ({
            streamId,
            streamType,
            aggregate: aggregates[i],
          })),
        ],
        metadata,
        m,
      );
      return change.after ? change.after(m, recorded, result) : (result as unknown as T);
    };
    if (manager) return this.store.transaction((m) => attempt(m), manager);
    // Targets chosen by `before`, and what `before` opens, take a turn once a conflict names them.
    return this.inTurn(
      typeof targets === 'function' ? [] : targets.map((t) => t.streamId),
      attempt,
    );
  }

  /**
   * Runs `attempt` in a transaction of its own after this process's other writers of
   * `streamIds` that take turns are done (on those streams they never conflict with each
   * other), and again, from fresh state, when another writer appended first (`retryOnConflict`).
   * That next attempt holds the streams it lost on in this process, and is given them
   * (`contended`) to hold their rows (`lockStreamRows`) just before it reads them, so no
   * other writer, of this process or another, can append to them first.
   *
   * Fails at once, rather than wait for ever, when called inside a write that holds one of
   * `streamIds`, and, on a database with a single connection (which that write holds), when
   * called inside any such write.
   */
  inTurn<T>(
    streamIds: readonly string[],
    attempt: (m: EntityManager, contended: readonly string[]) => Promise<T>,
  ): Promise<T> {
    if (
      (this.turns.insideRun && isSingleConnection(this.dataSource)) ||
      holdsSingleConnection(this.dataSource)
    ) {
      return Promise.reject(new SingleConnectionDeadlockError());
    }
    return retryOnConflict((contended) => this.store.transaction((m) => attempt(m, contended)), {
      mutex: this.turns,
      streamIds,
    });
  }

  /** Appends the pending events of every aggregate in one transaction. */
  save(
    items: AggregateToSave[],
    metadata: EventMetadata,
    manager?: EntityManager,
  ): Promise<RecordedEvent[]> {
    // Two aggregates of one stream would append at one version and conflict on every retry:
    // a caller's mistake, not a race, so it fails at once.
    const streams = new Set<string>();
    for (const { streamId } of items) {
      if (streams.has(streamId)) throw new Error(`Stream ${streamId} given twice in one change`);
      streams.add(streamId);
    }
    return this.store.append(
      items.map(({ streamType, streamId, aggregate }) => ({
        streamType,
        streamId,
        expectedVersion: aggregate.version,
        events: aggregate.takePendingEvents(),
      })),
      metadata,
      manager,
    );
  }
}
