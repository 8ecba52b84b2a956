import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Aggregate } from './aggregate';
import { EventStore } from './event-store';
import type { EventMetadata, RecordedEvent } from './events';
import { retryOnConflict } from './retry-on-conflict';

export interface AggregateToSave {
  streamType: string;
  streamId: string;
  aggregate: Aggregate;
}

/** Loads aggregates from their streams and appends what they decided, with optimistic concurrency. */
@Injectable()
export class AggregateRepository {
  constructor(private readonly store: EventStore) {}

  async load<A extends Aggregate>(
    streamId: string,
    create: () => A,
    manager?: EntityManager,
  ): Promise<A> {
    return create().load((await this.store.readStream(streamId, manager)) as never);
  }

  /**
   * The usual command on one aggregate: load it, let `decide` raise events (and answer),
   * append them; a concurrent writer makes it load and decide again (ABORTED after 10).
   */
  update<A extends Aggregate, R>(
    target: { streamId: string; streamType: string; create: () => A },
    metadata: EventMetadata,
    decide: (aggregate: A) => R,
  ): Promise<R> {
    return retryOnConflict(async () => {
      const aggregate = await this.load(target.streamId, target.create);
      const result = decide(aggregate);
      await this.save([{ ...target, aggregate }], metadata);
      return result;
    });
  }

  /** Appends the pending events of every aggregate in one transaction. */
  save(
    items: AggregateToSave[],
    metadata: EventMetadata,
    manager?: EntityManager,
  ): Promise<RecordedEvent[]> {
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
