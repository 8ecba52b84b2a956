import { Injectable } from '@nestjs/common';
import { Projection, upcast, type InlineProjection, type RecordedEvent } from '@app/event-store';
import type { EntityManager } from 'typeorm';
import type { RecordKind } from '../domain/collab-record.events';
import {
  STORED_COLLABORATION_TYPES,
  type CollaborationEvent,
} from '../domain/collaboration.events';
import { evolve, type RecordState } from '../domain/evolve';
import { giveNumbers, takesNumber, type NumberClaim } from './annotation-numbers';
import { annotationFilterColumns } from '../domain/kinds/annotation-filters';
import { KIND_RULES, locationOf } from '../domain/kinds/record-kinds';

interface Row {
  api_key: string;
  organization_id: string;
  document_id: string;
  kind: RecordKind;
  record_id: string;
  record: Record<string, unknown>;
  version: string;
}

type StoredEvent = CollaborationEvent & Pick<RecordedEvent, 'streamVersion'>;

const keyOf = (k: {
  api_key: string;
  organization_id: string;
  document_id: string;
  kind: string;
  record_id: string;
}) => JSON.stringify([k.api_key, k.organization_id, k.document_id, k.kind, k.record_id]);

const rowKey = ({ data: d }: CollaborationEvent) => ({
  api_key: d.apiKey,
  organization_id: d.organizationId,
  document_id: d.documentId,
  kind: d.kind,
  record_id: d.recordId,
});

/**
 * Keeps `collab_records` current: each record's row is its state, the fold (`evolve`) of its
 * events. The rows an append touches are read in one query, their events applied in stream
 * order (only those newer than the row), and written back in one multi-row upsert; records
 * that are gone lose their row. The `record` column keeps the shape it always had.
 */
@Projection()
@Injectable()
export class CollabRecordProjection implements InlineProjection {
  readonly tables = ['collab_records', 'collab_annotation_numbers'];
  // Old stored types too: an append of one (a test, a repair) is read through its upcaster.
  readonly handles = STORED_COLLABORATION_TYPES;

  async project(recorded: RecordedEvent[], m: EntityManager): Promise<void> {
    const byRecord = new Map<string, StoredEvent[]>();
    const events = recorded.map(upcast) as unknown as StoredEvent[];
    const positionOf = new Map(events.map((e, i) => [e, i]));
    for (const event of events) {
      const key = keyOf(rowKey(event));
      byRecord.set(key, [...(byRecord.get(key) ?? []), event]);
    }
    const keys = [...byRecord.values()].map((events) => rowKey(events[0]));
    const rows: Row[] = await m.query(
      `SELECT c.api_key, c.organization_id, c.document_id, c.kind, c.record_id, c.record,
         c.version::text AS version
       FROM collab_records c
       JOIN json_to_recordset($1::json) AS k(api_key text, organization_id text,
         document_id text, kind text, record_id text)
         ON c.api_key = k.api_key AND c.organization_id = k.organization_id
        AND c.kind = k.kind AND c.document_id = k.document_id AND c.record_id = k.record_id`,
      [JSON.stringify(keys)],
    );
    const current = new Map(rows.map((row) => [keyOf(row), row]));
    const saved: object[] = [];
    const claims: NumberClaim[] = [];
    const numbered: { row: Record<string, unknown>; claim: NumberClaim }[] = [];
    const deleted: object[] = [];
    for (const [key, events] of byRecord) {
      const row = current.get(key);
      const since = row ? Number(row.version) : 0;
      const newer = events.filter((e) => e.streamVersion > since);
      if (newer.length === 0) continue;
      let state: RecordState = row?.record;
      let claim: NumberClaim | undefined;
      for (const event of newer) {
        if (takesNumber(state, event)) {
          claim = { ...rowKey(event), position: positionOf.get(event)! };
          claims.push(claim);
        }
        state = evolve(state, event);
      }
      const last = newer[newer.length - 1];
      const k = rowKey(last);
      if (!state) {
        if (row) deleted.push({ ...k, version: last.streamVersion });
        continue;
      }
      const next: Record<string, unknown> = {
        ...k,
        location_id: locationOf(state)?.id ?? null,
        user_ids: KIND_RULES[k.kind].people(state),
        ...annotationFilterColumns(k.kind, state),
        record: state,
        created_at: (state.createdAt as number | undefined) ?? last.data.at,
        last_updated: last.data.at,
        version: last.streamVersion,
      };
      saved.push(next);
      if (claim) numbered.push({ row: next, claim });
    }
    // An annotation made here gets the next number of its document (later upserts keep it).
    await giveNumbers(claims, m);
    for (const { row, claim } of numbered) row.annotation_number = claim.annotation_number;
    if (saved.length > 0) {
      await m.query(
        `INSERT INTO collab_records (api_key, organization_id, document_id, kind, record_id,
           location_id, user_ids, record, created_at, last_updated, version,
           author_id, status_id, resolved_by, mentioned_user_ids, annotation_number,
           last_comment_at, last_comment_by)
         SELECT api_key, organization_id, document_id, kind, record_id, location_id,
           ARRAY(SELECT json_array_elements_text(user_ids)), record, created_at, last_updated, version,
           author_id, status_id, resolved_by,
           ARRAY(SELECT json_array_elements_text(mentioned_user_ids)), annotation_number,
           last_comment_at, last_comment_by
         FROM json_to_recordset($1::json) AS r(api_key text, organization_id text, document_id text,
           kind text, record_id text, location_id text, user_ids json, record jsonb,
           created_at bigint, last_updated bigint, version bigint, author_id text,
           status_id text, resolved_by text, mentioned_user_ids json, annotation_number int,
           last_comment_at bigint, last_comment_by text)
         ON CONFLICT (api_key, organization_id, kind, document_id, record_id) DO UPDATE SET
           location_id = EXCLUDED.location_id, user_ids = EXCLUDED.user_ids,
           author_id = EXCLUDED.author_id, status_id = EXCLUDED.status_id,
           resolved_by = EXCLUDED.resolved_by, mentioned_user_ids = EXCLUDED.mentioned_user_ids,
           last_comment_at = EXCLUDED.last_comment_at, last_comment_by = EXCLUDED.last_comment_by,
           record = EXCLUDED.record, last_updated = EXCLUDED.last_updated,
           annotation_number = COALESCE(EXCLUDED.annotation_number, collab_records.annotation_number),
           version = EXCLUDED.version
         WHERE collab_records.version < EXCLUDED.version`,
        [JSON.stringify(saved)],
      );
    }
    if (deleted.length > 0) {
      await m.query(
        `DELETE FROM collab_records c
         USING json_to_recordset($1::json) AS k(api_key text, organization_id text,
           document_id text, kind text, record_id text, version bigint)
         WHERE c.api_key = k.api_key AND c.organization_id = k.organization_id
           AND c.document_id = k.document_id AND c.kind = k.kind AND c.record_id = k.record_id
           AND c.version < k.version`,
        [JSON.stringify(deleted)],
      );
    }
  }
}
