import { Injectable } from '@nestjs/common';
import type { ITEM_FAILURE_CODES } from '@app/platform';
import type { EntityManager } from 'typeorm';
import type { Aggregate } from './aggregate';
import { AggregateRepository, type AggregateToSave } from './aggregate.repository';
import { EventStore } from './event-store';
import type { EventMetadata } from './events';
import { lockStreamRows } from './stream-row-locks';

/** Why a batch item failed, for callers to act on without parsing the message (D5.3). */
export type ItemFailureCode = (typeof ITEM_FAILURE_CODES)[number];

/** One item's answer in a batch operation (spec "Shared rules" 4); a failed one has a `code`. */
export interface ItemResult {
  success: boolean;
  id: string;
  message: string;
  code?: ItemFailureCode;
}

/** A batch answer: one entry per submitted id. */
export type BatchResult = Record<string, ItemResult>;

/** An aggregate refuses one item of a batch; the item fails alone with this fixed message. */
export class ItemRefused extends Error {
  constructor(
    message: string,
    readonly code: ItemFailureCode,
  ) {
    super(message);
    this.name = 'ItemRefused';
  }
}

export const DUPLICATE_ID_MESSAGE = 'Duplicate id in request';

/** Ids that occur more than once in one call (D5.2). */
export function repeatedIds(ids: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const id of ids) (seen.has(id) ? repeated : seen).add(id);
  return repeated;
}

/** Collects item results in submission order; `Object.fromEntries` keeps ids like `__proto__` plain keys. */
export class BatchOutcome {
  private readonly results = new Map<string, ItemResult>();

  ok(id: string, message: string): void {
    this.results.set(id, { success: true, id, message });
  }

  fail(id: string, message: string, code: ItemFailureCode): void {
    this.results.set(id, { success: false, id, message, code });
  }

  /** Runs `decide`; an `ItemRefused` fails the item, anything else fails the call. */
  attempt(id: string, decide: () => string): boolean {
    try {
      this.ok(id, decide());
      return true;
    } catch (err) {
      if (!(err instanceof ItemRefused)) throw err;
      this.fail(id, err.message, err.code);
      return false;
    }
  }

  toJSON(): BatchResult {
    return Object.fromEntries(this.results);
  }
}

export interface StreamBatch<I, A extends Aggregate> {
  items: readonly I[];
  idOf(item: I): string;
  /** Where an item's aggregate lives. */
  streamOf(id: string): { streamId: string; streamType: string };
  create(id: string): A;
  /** Decides one item on its aggregate (raising events) and returns its success message. */
  decide(aggregate: A, item: I): string;
  metadata: EventMetadata;
  /**
   * Runs first on every attempt, in the same transaction: other aggregates the items need
   * (an organization made on the fly, say), to be appended with the items' events.
   */
  prepare?(manager: EntityManager): Promise<AggregateToSave[]>;
}

/**
 * The batch command of D5: every item's aggregate is loaded in one query, each item decided
 * in order (an id given twice fails every time it appears: a map keyed by id can only say
 * one thing about it), and all successful items are appended in one transaction with one
 * multi-row insert. The batch takes turns with this process's writers of its items' streams;
 * a writer that appended first without a turn on them (another process's, or one of this
 * process, see `retryOnConflict`) makes the whole batch decide again from fresh state (`AggregateRepository.inTurn`).
 */
@Injectable()
export class StreamBatchRunner {
  constructor(
    private readonly store: EventStore,
    private readonly repository: AggregateRepository,
  ) {}

  run<I, A extends Aggregate>(batch: StreamBatch<I, A>): Promise<BatchResult> {
    const ids = batch.items.map((item) => batch.idOf(item));
    const repeated = repeatedIds(ids);
    const unique = ids.filter((id) => !repeated.has(id)); // ids seen once are unique
    const streams = new Map(unique.map((id) => [id, batch.streamOf(id)]));
    const streamIds = [...streams.values()].map((s) => s.streamId);
    return this.repository.inTurn(streamIds, async (manager, contended) => {
      const extra = (await batch.prepare?.(manager)) ?? [];
      // After `prepare`, as in `AggregateRepository.updateMany`.
      await lockStreamRows(manager, contended);
      const history = await this.store.readStreams(streamIds, manager);
      const outcome = new BatchOutcome();
      const toSave: AggregateToSave[] = [];
      batch.items.forEach((item, i) => {
        const id = ids[i];
        if (repeated.has(id)) return outcome.fail(id, DUPLICATE_ID_MESSAGE, 'duplicate');
        const { streamId, streamType } = streams.get(id)!;
        const aggregate = batch.create(id).load((history.get(streamId) ?? []) as never);
        if (outcome.attempt(id, () => batch.decide(aggregate, item))) {
          toSave.push({ streamId, streamType, aggregate });
        }
      });
      await this.repository.save([...extra, ...toSave], batch.metadata, manager);
      return outcome.toJSON();
    });
  }
}
