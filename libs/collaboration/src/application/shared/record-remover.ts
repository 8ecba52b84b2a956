import { Injectable } from '@nestjs/common';
import {
  AggregateRepository,
  EventStore,
  retryOnConflict,
  type EventMetadata,
} from '@app/event-store';
import { yieldToEventLoop } from '@app/platform';
import { DataSource, type EntityManager } from 'typeorm';
import {
  CollabRecord,
  RECORD_STREAM_TYPE,
  recordStream,
} from '../../domain/collab-record.aggregate';
import type { RecordKind, RecordRef } from '../../domain/collab-record.events';

const CHUNK = 500;

interface RefRow {
  organization_id: string;
  document_id: string;
  kind: RecordKind;
  record_id: string;
}

/**
 * Deletes (or moves) many records at once: for a location (op 13), a deleted or migrated
 * document (D6.6, D6.7). Streams are loaded and appended 500 at a time, each chunk one
 * transaction; a record already gone is skipped, so running it again is harmless.
 */
@Injectable()
export class RecordRemover {
  constructor(
    private readonly dataSource: DataSource,
    private readonly store: EventStore,
    private readonly repository: AggregateRepository,
  ) {}

  /** The records matching `where` (SQL on collab_records, `$1` = api key). */
  async find(
    apiKey: string,
    where: string,
    params: unknown[],
    m: EntityManager = this.dataSource.manager,
  ): Promise<RecordRef[]> {
    const rows: RefRow[] = await m.query(
      `SELECT organization_id, document_id, kind, record_id FROM collab_records
       WHERE api_key = $1 AND ${where} ORDER BY organization_id, document_id, kind, record_id`,
      [apiKey, ...params],
    );
    return rows.map((r) => ({
      apiKey,
      organizationId: r.organization_id,
      documentId: r.document_id,
      kind: r.kind,
      recordId: r.record_id,
    }));
  }

  /** Deletes the records; answers how many were deleted. */
  delete(
    refs: RecordRef[],
    reason: string,
    metadata: EventMetadata,
    manager?: EntityManager,
  ): Promise<number> {
    return this.inChunks(refs, metadata, manager, (chunk, history, at) =>
      chunk
        .map((ref) => new CollabRecord(ref).load(history(ref)))
        .filter((record) => record.delete(reason, at)),
    );
  }

  /** Moves the records to another document id of the same organization (a migration). */
  move(
    refs: RecordRef[],
    newDocumentId: string,
    metadata: EventMetadata,
    manager?: EntityManager,
  ): Promise<number> {
    const targetOf = (ref: RecordRef): RecordRef => ({ ...ref, documentId: newDocumentId });
    return this.inChunks(
      refs,
      metadata,
      manager,
      (chunk, history, at) =>
        chunk.flatMap((ref) => {
          const source = new CollabRecord(ref).load(history(ref));
          const target = new CollabRecord(targetOf(ref)).load(history(targetOf(ref)));
          // Gone already (a repeated delivery), or the new id holds one: nothing to move.
          if (!source.state || target.exists) return [];
          target.save('migrated', source.state, at);
          source.delete('migration', at);
          return [source, target];
        }),
      targetOf,
    );
  }

  /**
   * 500 records per transaction: their streams (and `also` streams) in one read, `decide`
   * returns the records it changed, all appended at once. Answers how many changed. In the
   * caller's transaction (`manager`, a subscriber's) a conflict is not retried here: the
   * caller's whole batch fails and is delivered again.
   */
  private async inChunks(
    refs: RecordRef[],
    metadata: EventMetadata,
    manager: EntityManager | undefined,
    decide: (chunk: RecordRef[], history: (ref: RecordRef) => never, at: number) => CollabRecord[],
    also?: (ref: RecordRef) => RecordRef,
  ): Promise<number> {
    let changed = 0;
    for (let i = 0; i < refs.length; i += CHUNK) {
      const chunk = refs.slice(i, i + CHUNK);
      const work = () =>
        this.store.transaction(async (m) => {
          const streams = [...chunk, ...(also ? chunk.map(also) : [])].map(recordStream);
          const events = await this.store.readStreams(streams, m);
          const history = (ref: RecordRef) => (events.get(recordStream(ref)) ?? []) as never;
          const touched = decide(chunk, history, Date.now());
          await this.repository.save(
            touched.map((aggregate) => ({
              streamId: recordStream(aggregate.ref),
              streamType: RECORD_STREAM_TYPE,
              aggregate,
            })),
            metadata,
            m,
          );
          return also ? touched.length / 2 : touched.length;
        }, manager);
      changed += manager ? await work() : await retryOnConflict(work);
      await yieldToEventLoop();
    }
    return changed;
  }
}
