import { Injectable } from '@nestjs/common';
import {
  Projection,
  storedAsWritten,
  type InlineProjection,
  type RecordedEvent,
} from '@app/event-store';
import type { EntityManager } from 'typeorm';
import {
  DocumentAdded,
  DocumentDeleted,
  DocumentMigrated,
  DocumentMigratedIn,
} from '../domain/document.events';
import { changeRows, CHANGE_EVENT_TYPES } from './document-changes';

const ARRIVAL_TYPES = [DocumentAdded.type, DocumentMigratedIn.type];

const INSERT_DOCUMENTS = `INSERT INTO documents (api_key, organization_id, document_id,
  document_name, folder_id, access_type, disabled, metadata, created_at, last_updated, version)`;

/** A row already there is replaced only by a newer version of its stream. */
const REPLACE_OLDER = `ON CONFLICT (api_key, organization_id, document_id) DO UPDATE SET
  document_name = EXCLUDED.document_name, folder_id = EXCLUDED.folder_id,
  access_type = EXCLUDED.access_type, disabled = EXCLUDED.disabled,
  metadata = EXCLUDED.metadata, created_at = EXCLUDED.created_at,
  last_updated = EXCLUDED.last_updated, version = EXCLUDED.version
WHERE documents.version < EXCLUDED.version`;

type Arrival = RecordedEvent<
  ReturnType<typeof DocumentAdded> | ReturnType<typeof DocumentMigratedIn>
>;

/**
 * Keeps `documents` current. Every document an append adds goes in with one multi-row
 * insert (operation 10's 1000 documents are one statement); a row is replaced only by a
 * newer version of its stream, so a replayed event changes nothing.
 */
@Projection()
@Injectable()
export class DocumentProjection implements InlineProjection {
  readonly tables = ['documents'];
  readonly handles = [
    DocumentAdded.type,
    DocumentMigratedIn.type,
    DocumentDeleted.type,
    DocumentMigrated.type,
    ...CHANGE_EVENT_TYPES,
  ];

  async project(events: RecordedEvent[], m: EntityManager): Promise<void> {
    const arrivals = events.filter(
      (e): e is Arrival => DocumentAdded.is(e) || DocumentMigratedIn.is(e),
    );
    if (arrivals.length > 0) await this.insert(m, arrivals);
    const changes = changeRows(events);
    if (changes.length > 0) await this.change(m, changes);
    const departures = events.filter((e) => DocumentDeleted.is(e) || DocumentMigrated.is(e));
    if (departures.length > 0) {
      const data = departures.map(
        (e) => e.data as { apiKey: string; organizationId: string; documentId: string },
      );
      await m.query(
        `DELETE FROM documents d
         USING unnest($1::text[], $2::text[], $3::text[], $4::bigint[]) AS x(api_key, org, doc, version)
         WHERE d.api_key = x.api_key AND d.organization_id = x.org AND d.document_id = x.doc
           AND d.version < x.version`,
        [
          data.map((d) => d.apiKey),
          data.map((d) => d.organizationId),
          data.map((d) => d.documentId),
          departures.map((e) => e.streamVersion),
        ],
      );
    }
  }

  /** Every changed document of the append in one statement (one row each, see changeRows). */
  private async change(m: EntityManager, rows: ReturnType<typeof changeRows>): Promise<void> {
    await m.query(
      `UPDATE documents d SET
         document_name = COALESCE(x.document_name, d.document_name),
         metadata = d.metadata || COALESCE(x.metadata, '{}'::jsonb),
         folder_id = CASE WHEN x.moved THEN x.folder_id ELSE d.folder_id END,
         access_type = COALESCE(x.access_type, d.access_type),
         disabled = COALESCE(x.disabled, d.disabled),
         last_updated = x.at,
         version = x.version
       FROM json_to_recordset($1::json) AS x(api_key text, organization_id text,
         document_id text, document_name text, metadata jsonb, moved boolean, folder_id text,
         access_type text, disabled boolean, at bigint, version bigint)
       WHERE d.api_key = x.api_key AND d.organization_id = x.organization_id
         AND d.document_id = x.document_id AND d.version < x.version`,
      [JSON.stringify(rows)],
    );
  }

  private async insert(m: EntityManager, events: Arrival[]): Promise<void> {
    // The events are in the log already (an append projects after its insert, a rebuild
    // replays stored rows): their rows are read where they are rather than sent again, unless
    // an upcaster changes how some of them read.
    if (storedAsWritten(ARRIVAL_TYPES)) {
      await m.query(
        `${INSERT_DOCUMENTS}
         SELECT d->>'apiKey', d->>'organizationId', d->>'documentId', d->>'documentName',
           d->>'folderId', d->>'accessType', (d->>'disabled')::boolean, d->'metadata',
           COALESCE((d->>'createdAt')::bigint, (d->>'at')::bigint), (d->>'at')::bigint,
           e.stream_version
         FROM events e CROSS JOIN LATERAL (SELECT e.data AS d) AS x
         WHERE e.global_position = ANY($1::bigint[])
         ${REPLACE_OLDER}`,
        [events.map((e) => e.globalPosition)],
      );
      return;
    }
    const rows = events.map(({ data, streamVersion }) => ({
      api_key: data.apiKey,
      organization_id: data.organizationId,
      document_id: data.documentId,
      document_name: data.documentName,
      folder_id: data.folderId,
      access_type: data.accessType,
      disabled: data.disabled,
      metadata: data.metadata,
      created_at: 'createdAt' in data ? data.createdAt : data.at,
      last_updated: data.at,
      version: streamVersion,
    }));
    // The rows travel as one JSON parameter: one statement, however many documents.
    await m.query(
      `${INSERT_DOCUMENTS}
       SELECT * FROM json_to_recordset($1::json) AS r(api_key text, organization_id text,
         document_id text, document_name text, folder_id text, access_type text, disabled boolean,
         metadata jsonb, created_at bigint, last_updated bigint, version bigint)
       ${REPLACE_OLDER}`,
      [JSON.stringify(rows)],
    );
  }
}
