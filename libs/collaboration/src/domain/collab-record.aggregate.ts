import { Aggregate, ItemRefused, streamId } from '@app/event-store';
import {
  RecordDeleted,
  RecordSaved,
  type RecordEvent,
  type RecordRef,
} from './collab-record.events';

export const RECORD_STREAM_TYPE = 'collab-record';
export const recordStream = ({ apiKey, organizationId, documentId, kind, recordId }: RecordRef) =>
  streamId(RECORD_STREAM_TYPE, apiKey, organizationId, documentId, kind, recordId);

/**
 * One piece of collaboration data (an annotation with its comments, a reaction, a recording,
 * a CRDT record, a document's presence). Use cases decide the new state with the pure
 * functions of `kinds/`; the record checks existence and records the change.
 */
export class CollabRecord<
  S extends object = Record<string, unknown>,
> extends Aggregate<RecordEvent> {
  state?: S;

  constructor(readonly ref: RecordRef) {
    super();
  }

  get exists(): boolean {
    return this.state !== undefined;
  }

  /** A new record; `exists` names the item's failure when the id is taken. */
  create(action: string, record: S, at: number, exists: string, subIds?: string[]): void {
    if (this.state) throw new ItemRefused(exists);
    this.save(action, record, at, subIds);
  }

  /** A change of an existing record; `missing` names the item's failure otherwise. */
  change(action: string, next: (current: S) => S, at: number, missing: string) {
    if (!this.state) throw new ItemRefused(missing);
    this.save(action, next(this.state), at);
  }

  /** Creates or replaces (presence, CRDT writes, moves). */
  save(action: string, record: S, at: number, subIds?: string[]): void {
    this.raise(
      RecordSaved({
        ...this.ref,
        action,
        record: record as Record<string, unknown>,
        ...(subIds && { subIds }),
        at,
      }),
    );
  }

  /** Deleting a record that is gone already does nothing (deletions are retried by reactions). */
  delete(reason: string, at: number): boolean {
    if (!this.state) return false;
    this.raise(RecordDeleted({ ...this.ref, reason, at }));
    return true;
  }

  protected when(event: RecordEvent): void {
    if (RecordSaved.is(event)) this.state = event.data.record as S;
    else if (RecordDeleted.is(event)) this.state = undefined;
  }
}
