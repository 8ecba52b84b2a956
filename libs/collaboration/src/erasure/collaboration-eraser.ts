import { Injectable } from '@nestjs/common';
import {
  AggregateRepository,
  EventStore,
  type EventMetadata,
  type RecordedEvent,
} from '@app/event-store';
import {
  Eraser,
  yieldToEventLoop,
  type ErasureFootprint,
  type ErasureSubject,
  type UserDataEraser,
} from '@app/platform';
import { DataSource } from 'typeorm';
import { recordStream, recordTarget } from '../domain/collab-record.aggregate';
import { RECORD_KINDS, type RecordKind, type RecordRef } from '../domain/collab-record.events';
import {
  STORED_COLLABORATION_TYPES,
  type CollaborationEvent,
} from '../domain/collaboration.events';
import { CommentAuthors, eraseFromEvent, learnFromEvent } from '../domain/event-erasure';
import { Identities } from '../domain/kinds/people';
import { KIND_RULES } from '../domain/kinds/record-kinds';
import { likePattern } from './like-pattern';
import {
  ANNOTATION_READS_KIND,
  eraseReads,
  organizationsWithReads,
} from './annotation-reads-erasure';

const CHUNK = 500;

type StoredEvent = CollaborationEvent & Pick<RecordedEvent, 'eventId'>;

const changed = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);

/**
 * Erasure of users from collaboration data (D8.3), one organization and kind at a time, for
 * the user data deletion job. What to erase is found in the log, not the read table: a
 * deleted record, a comment since removed, a presence left, all still name the user in their
 * stored events. For each such record: every stored event of it is rewritten without them
 * (`eraseFromEvent`; events of the first version too, in their stored shape), and if the
 * record still exists it is removed (the user wrote it) or recorded as erasure left it
 * (`collaboration.record-erased`, which the read table takes whole). Chunks of
 * 500 records, each one transaction; running it again finds nothing left to change.
 */
@Injectable()
@Eraser()
export class CollaborationEraser implements UserDataEraser {
  /** One task per kind: each kind is erased by its own rules (`KIND_RULES`); and read marks. */
  readonly kinds = [...RECORD_KINDS, ANNOTATION_READS_KIND];

  constructor(
    private readonly dataSource: DataSource,
    private readonly store: EventStore,
    private readonly repository: AggregateRepository,
  ) {}

  /** Organizations of the key where any of the users has collaboration data. */
  async locate(apiKey: string, userIds: string[]): Promise<ErasureFootprint> {
    const rows: { organization_id: string }[] = await this.dataSource.query(
      `SELECT DISTINCT organization_id FROM collab_records WHERE api_key = $1 AND user_ids && $2::text[]`,
      [apiKey, userIds],
    );
    const reads = await organizationsWithReads(this.dataSource, apiKey, userIds);
    return { organizations: [...new Set([...rows.map((r) => r.organization_id), ...reads])] };
  }

  /** Erases the users from one kind of data of one organization; answers how many records changed. */
  async erase(kind: string, subject: ErasureSubject): Promise<number> {
    const { apiKey, organizationId, metadata } = subject;
    if (kind === ANNOTATION_READS_KIND) return eraseReads(this.store, subject);
    if (!(RECORD_KINDS as readonly string[]).includes(kind))
      throw new Error(`Not a record kind: ${kind}`);
    // One set of identities for the whole task: a name learned in one record is scrubbed in all.
    const who = new Identities(subject.userIds, subject.words);
    const refs = await this.recordsNaming(apiKey, organizationId, kind as RecordKind, who.known);
    let total = 0;
    for (let i = 0; i < refs.length; i += CHUNK) {
      const chunk = refs.slice(i, i + CHUNK);
      total += await this.eraseChunk(chunk, who, metadata);
      await yieldToEventLoop();
    }
    return total;
  }

  /** Every record of the kind whose stored history mentions one of the words (one scan). */
  private async recordsNaming(
    apiKey: string,
    organizationId: string,
    kind: RecordKind,
    words: string[],
  ): Promise<RecordRef[]> {
    const rows: { document_id: string; record_id: string }[] = await this.dataSource.query(
      `SELECT DISTINCT data->>'documentId' AS document_id, data->>'recordId' AS record_id
       FROM events
       WHERE (api_key = $2 OR (api_key IS NULL AND metadata->>'apiKey' = $2))
         AND type = ANY($1::text[]) AND data->>'organizationId' = $3
         AND data->>'kind' = $4 AND data::text LIKE ANY($5::text[])
       ORDER BY 1, 2`,
      [STORED_COLLABORATION_TYPES, apiKey, organizationId, kind, words.map(likePattern)],
    );
    return rows.map((r) => ({
      apiKey,
      organizationId,
      kind,
      documentId: r.document_id,
      recordId: r.record_id,
    }));
  }

  /** One transaction: rewrites the chunk's stored events and records what erasure left. */
  private eraseChunk(refs: RecordRef[], who: Identities, metadata: EventMetadata): Promise<number> {
    return this.repository.updateMany(
      refs.map((ref) => recordTarget(ref)),
      metadata,
      {
        decide: (records, { loaded }) => {
          const at = Date.now();
          const rewrites: { eventId: string; data: unknown }[] = [];
          for (const current of records) {
            const events = (loaded.get(recordStream(current.ref)) ??
              []) as unknown as StoredEvent[];
            // Every name and email the record ever showed for them, before any text is scrubbed.
            for (const event of events) learnFromEvent(event, who);
            const authors = new CommentAuthors();
            for (const event of events) {
              const data = eraseFromEvent(event, who, authors);
              authors.note(event);
              if (changed(data, event.data)) rewrites.push({ eventId: event.eventId, data });
            }
            if (!current.state) continue;
            const next = KIND_RULES[current.ref.kind].erase(current.state, who);
            if (next === null) current.remove('erasure', at);
            else if (changed(next, current.state)) current.erased(next, at);
          }
          return rewrites;
        },
        after: async (m, _recorded, rewrites) => {
          await this.store.rewrite(m, rewrites);
          return refs.length;
        },
      },
    );
  }
}
