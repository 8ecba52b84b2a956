import { Injectable } from '@nestjs/common';
import {
  AggregateRepository,
  EventStore,
  retryOnConflict,
  type EventMetadata,
  type RecordedEvent,
} from '@app/event-store';
import { yieldToEventLoop } from '@app/platform';
import { DataSource } from 'typeorm';
import { CollabRecord, RECORD_STREAM_TYPE, recordStream } from '../domain/collab-record.aggregate';
import { RecordSaved, type RecordKind, type RecordRef } from '../domain/collab-record.events';
import { Identities } from '../domain/kinds/people';
import { KIND_RULES } from '../domain/kinds/record-kinds';

const CHUNK = 500;

/** What an erased record's old snapshots become. */
const ERASED = { erased: true };

/**
 * Erasure of users from collaboration data (D8.3), one organization and kind at a time, for
 * the user data deletion job. Records a user wrote are deleted; records they took part in
 * lose their comments, reactions, tags and mentions. Then every stored event of those
 * records is rewritten the same way, so the log keeps nothing of them either. Works in
 * chunks of 500 records, each one transaction; running it again finds nothing left to do.
 */
@Injectable()
export class CollaborationEraser {
  constructor(
    private readonly dataSource: DataSource,
    private readonly store: EventStore,
    private readonly repository: AggregateRepository,
  ) {}

  /** Organizations of the key where any of the users has collaboration data. */
  async organizationsOf(apiKey: string, userIds: string[]): Promise<string[]> {
    const rows: { organization_id: string }[] = await this.dataSource.query(
      `SELECT DISTINCT organization_id FROM collab_records WHERE api_key = $1 AND user_ids && $2::text[]`,
      [apiKey, userIds],
    );
    return rows.map((r) => r.organization_id);
  }

  /** Erases the users from one kind of data of one organization; answers how many records changed. */
  async erase(
    apiKey: string,
    organizationId: string,
    kind: RecordKind,
    people: { userIds: string[]; words: string[] },
    metadata: EventMetadata,
  ): Promise<number> {
    let after: [string, string] = ['', ''];
    let total = 0;
    for (;;) {
      const refs = await this.next(apiKey, organizationId, kind, people.userIds, after);
      if (refs.length === 0) return total;
      await retryOnConflict(() => this.eraseChunk(refs, people, metadata));
      await yieldToEventLoop();
      total += refs.length;
      const last = refs[refs.length - 1];
      after = [last.documentId, last.recordId];
    }
  }

  private async next(
    apiKey: string,
    organizationId: string,
    kind: RecordKind,
    userIds: string[],
    after: [string, string],
  ): Promise<RecordRef[]> {
    const rows: { document_id: string; record_id: string }[] = await this.dataSource.query(
      `SELECT document_id, record_id FROM collab_records
       WHERE api_key = $1 AND organization_id = $2 AND kind = $3 AND user_ids && $4::text[]
         AND (document_id, record_id) > ($5::text, $6::text)
       ORDER BY document_id, record_id LIMIT ${CHUNK}`,
      [apiKey, organizationId, kind, userIds, after[0], after[1]],
    );
    return rows.map((r) => ({
      apiKey,
      organizationId,
      kind,
      documentId: r.document_id,
      recordId: r.record_id,
    }));
  }

  private eraseChunk(
    refs: RecordRef[],
    people: { userIds: string[]; words: string[] },
    metadata: EventMetadata,
  ): Promise<void> {
    return this.store.transaction(async (m) => {
      const streams = refs.map(recordStream);
      const history = await this.store.readStreams(streams, m);
      const at = Date.now();
      const records: CollabRecord[] = [];
      const rewrites: { eventId: string; data: unknown }[] = [];
      refs.forEach((ref, i) => {
        const events = history.get(streams[i]) ?? [];
        const rules = KIND_RULES[ref.kind];
        const who = new Identities(people.userIds, people.words);
        const saved = events.filter(RecordSaved.is) as RecordedEvent<
          ReturnType<typeof RecordSaved>
        >[];
        // Learn every name and email the record ever showed for them before scrubbing any.
        for (const event of saved) rules.erase(event.data.record, who);
        const record = new CollabRecord(ref).load(events as never);
        const next = record.state ? rules.erase(record.state, who) : null;
        if (next === null) record.delete('erasure', at);
        else record.save('erasure', next, at);
        records.push(record);
        for (const event of saved) {
          const record = rules.erase(event.data.record, who) ?? ERASED;
          rewrites.push({ eventId: event.eventId, data: { ...event.data, record } });
        }
      });
      await this.store.rewrite(m, rewrites);
      await this.repository.save(
        records.map((aggregate) => ({
          streamId: recordStream(aggregate.ref),
          streamType: RECORD_STREAM_TYPE,
          aggregate,
        })),
        metadata,
        m,
      );
    });
  }
}
