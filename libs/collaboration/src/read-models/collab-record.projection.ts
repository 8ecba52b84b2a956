import { Injectable } from '@nestjs/common';
import { Projection, type InlineProjection, type RecordedEvent } from '@app/event-store';
import type { EntityManager } from 'typeorm';
import { RecordDeleted, RecordSaved } from '../domain/collab-record.events';
import { KIND_RULES, locationOf } from '../domain/kinds/record-kinds';

/**
 * Keeps `collab_records` current: saves of one append go in as one multi-row upsert, a row
 * is replaced only by a newer version of its stream, and deletions remove rows.
 */
@Projection()
@Injectable()
export class CollabRecordProjection implements InlineProjection {
  readonly tables = ['collab_records'];
  readonly handles = [RecordSaved.type, RecordDeleted.type];

  async project(events: RecordedEvent[], m: EntityManager): Promise<void> {
    // Within one append a stream may be saved then deleted: keep each stream's last event.
    const last = new Map<string, RecordedEvent>();
    for (const event of events) last.set(event.streamId, event);
    const saved = [...last.values()].filter(RecordSaved.is);
    const deleted = [...last.values()].filter(RecordDeleted.is);
    if (saved.length > 0) {
      const rows = saved.map(({ data: d, streamVersion }) => ({
        api_key: d.apiKey,
        organization_id: d.organizationId,
        document_id: d.documentId,
        kind: d.kind,
        record_id: d.recordId,
        location_id: locationOf(d.record)?.id ?? null,
        user_ids: KIND_RULES[d.kind].people(d.record),
        record: d.record,
        created_at: (d.record.createdAt as number | undefined) ?? d.at,
        last_updated: d.at,
        version: streamVersion,
      }));
      await m.query(
        `INSERT INTO collab_records (api_key, organization_id, document_id, kind, record_id,
           location_id, user_ids, record, created_at, last_updated, version)
         SELECT api_key, organization_id, document_id, kind, record_id, location_id,
           ARRAY(SELECT json_array_elements_text(user_ids)), record, created_at, last_updated, version
         FROM json_to_recordset($1::json) AS r(api_key text, organization_id text, document_id text,
           kind text, record_id text, location_id text, user_ids json, record jsonb,
           created_at bigint, last_updated bigint, version bigint)
         ON CONFLICT (api_key, organization_id, kind, document_id, record_id) DO UPDATE SET
           location_id = EXCLUDED.location_id, user_ids = EXCLUDED.user_ids,
           record = EXCLUDED.record, last_updated = EXCLUDED.last_updated,
           version = EXCLUDED.version
         WHERE collab_records.version < EXCLUDED.version`,
        [JSON.stringify(rows)],
      );
    }
    if (deleted.length > 0) {
      const keys = deleted.map(({ data: d, streamVersion }) => ({
        api_key: d.apiKey,
        organization_id: d.organizationId,
        document_id: d.documentId,
        kind: d.kind,
        record_id: d.recordId,
        version: streamVersion,
      }));
      await m.query(
        `DELETE FROM collab_records c
         USING json_to_recordset($1::json) AS k(api_key text, organization_id text,
           document_id text, kind text, record_id text, version bigint)
         WHERE c.api_key = k.api_key AND c.organization_id = k.organization_id
           AND c.document_id = k.document_id AND c.kind = k.kind AND c.record_id = k.record_id
           AND c.version < k.version`,
        [JSON.stringify(keys)],
      );
    }
  }
}
