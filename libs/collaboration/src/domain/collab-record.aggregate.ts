import { Aggregate, streamId, streamTarget } from '@app/event-store';
import {
  RecordErased,
  RecordMoved,
  RecordRemoved,
  type RecordEventData,
  type RecordRef,
  type RemovalReason,
} from './collab-record.events';
import type { CollaborationEvent } from './collaboration.events';
import { evolve } from './evolve';

export const RECORD_STREAM_TYPE = 'collab-record';
export const recordStream = ({ apiKey, organizationId, documentId, kind, recordId }: RecordRef) =>
  streamId(RECORD_STREAM_TYPE, apiKey, organizationId, documentId, kind, recordId);

/** The data of a new event about `ref`, without the ref and time every event carries. */
export type EventFields<D> = Omit<D, keyof RecordEventData>;

/**
 * One piece of collaboration data (an annotation with its comments, a reaction, a recording,
 * an editor's CRDT state, a document's presence): its state is the fold of its events
 * (`evolve`). The kinds' aggregates add their own decisions; this one knows what every
 * record goes through: removal, a move to another document, erasure.
 */
export class CollabRecord<
  S extends object = Record<string, unknown>,
> extends Aggregate<CollaborationEvent> {
  state?: S;

  constructor(readonly ref: RecordRef) {
    super();
  }

  get exists(): boolean {
    return this.state !== undefined;
  }

  /** Raises an event about this record at `at`. */
  protected record<D extends RecordEventData>(
    create: (data: D) => CollaborationEvent,
    fields: EventFields<D>,
    at: number,
  ): void {
    this.raise(create({ ...this.ref, at, ...fields } as D));
  }

  /** Removing a record that is gone already does nothing (removals are retried). */
  remove(reason: RemovalReason, at: number): boolean {
    if (!this.state) return false;
    this.record(RecordRemoved, { reason }, at);
    return true;
  }

  /** Takes in a record moved here from another document (a migration). */
  moveIn(record: Record<string, unknown>, fromDocumentId: string, at: number): void {
    this.record(RecordMoved, { record, fromDocumentId }, at);
  }

  /** The record as erasure leaves it. */
  erased(record: Record<string, unknown>, at: number): void {
    this.record(RecordErased, { record }, at);
  }

  protected when(event: CollaborationEvent): void {
    this.state = evolve(this.state as Record<string, unknown> | undefined, event) as S | undefined;
  }
}

/** Where a record lives; a kind's own class (`create`) where its methods are needed. */
export const recordTarget = <A extends CollabRecord<any> = CollabRecord>(
  ref: RecordRef,
  create: (ref: RecordRef) => A = (r) => new CollabRecord(r) as A,
) => streamTarget(RECORD_STREAM_TYPE, recordStream(ref), () => create(ref));
