import { Injectable } from '@nestjs/common';
import { AggregateRepository, type EventMetadata } from '@app/event-store';
import { yieldToEventLoop } from '@app/platform';
import { DataSource, type EntityManager } from 'typeorm';
import {
  recordStream,
  recordTarget,
  type CollabRecord,
} from '../../domain/collab-record.aggregate';
import type { RecordKind, RecordRef, RemovalReason } from '../../domain/collab-record.events';

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
    reason: RemovalReason,
    metadata: EventMetadata,
    manager?: EntityManager,
  ): Promise<number> {
    return this.inChunks(
      refs,
      (ref) => [ref],
      metadata,
      manager,
      (ref, load, at) => {
        const record = load(ref);
        return record.remove(reason, at) ? [record] : [];
      },
    );
  }

  /**
   * Moves the records to another document id of the same organization (a migration). Where
   * the new id already holds a record of that id (written there before the move caught up),
   * the new one stays and the old one goes: nothing is left under the old document.
   */
  move(
    refs: RecordRef[],
    newDocumentId: string,
    metadata: EventMetadata,
    manager?: EntityManager,
  ): Promise<number> {
    const targetOf = (ref: RecordRef): RecordRef => ({ ...ref, documentId: newDocumentId });
    return this.inChunks(
      refs,
      (ref) => [ref, targetOf(ref)],
      metadata,
      manager,
      (ref, load, at) => {
        const source = load(ref);
        const target = load(targetOf(ref));
        const state = source.state;
        if (!state || !source.remove('migration', at)) return []; // moved already
        if (target.exists) return [source];
        target.moveIn(state, ref.documentId, at);
        return [source, target];
      },
    );
  }

  /**
   * 500 records per transaction: the streams each needs (`streamsOf`) in one read, `decide`
   * per record returns the records it changed (the first being the one acted on), all
   * appended at once. Answers how many records were acted on. In the caller's transaction
   * (`manager`, a subscriber's) a conflict is not retried here: the caller's whole batch
   * fails and is delivered again.
   */
  private async inChunks(
    refs: RecordRef[],
    streamsOf: (ref: RecordRef) => RecordRef[],
    metadata: EventMetadata,
    manager: EntityManager | undefined,
    decide: (ref: RecordRef, load: (ref: RecordRef) => CollabRecord, at: number) => CollabRecord[],
  ): Promise<number> {
    let acted = 0;
    for (let i = 0; i < refs.length; i += CHUNK) {
      const chunk = refs.slice(i, i + CHUNK);
      const targets = chunk.flatMap(streamsOf).map((ref) => recordTarget(ref));
      acted += await this.repository.updateMany(
        targets,
        metadata,
        {
          decide: (records) => {
            const byStream = new Map(records.map((r, j) => [targets[j].streamId, r]));
            const load = (ref: RecordRef) => byStream.get(recordStream(ref))!;
            const at = Date.now();
            return chunk.filter((ref) => decide(ref, load, at).length > 0).length;
          },
        },
        manager,
      );
      await yieldToEventLoop();
    }
    return acted;
  }
}
