import { Injectable } from '@nestjs/common';
import { Projection, type InlineProjection, type RecordedEvent } from '@app/event-store';
import type { EntityManager } from 'typeorm';
import {
  DocumentAdded,
  DocumentDeleted,
  DocumentMigrated,
  DocumentMigratedIn,
} from '../domain/document.events';

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
  readonly handles = [
    DocumentAdded.type,
    DocumentMigratedIn.type,
    DocumentDeleted.type,
    DocumentMigrated.type,
  ];

  async project(events: RecordedEvent[], m: EntityManager): Promise<void> {
    const arrivals = events.filter(
      (e): e is Arrival => DocumentAdded.is(e) || DocumentMigratedIn.is(e),
    );
    if (arrivals.length > 0) await this.insert(m, arrivals);
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

  private async insert(m: EntityManager, events: Arrival[]): Promise<void> {
    const col = <T>(pick: (e: Arrival) => T) => events.map(pick);
    await m.query(
      `INSERT INTO documents (api_key, organization_id, document_id, document_name, folder_id,
         access_type, disabled, metadata, created_at, last_updated, version)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
         $7::boolean[], $8::jsonb[], $9::bigint[], $10::bigint[], $11::bigint[])
       ON CONFLICT (api_key, organization_id, document_id) DO UPDATE SET
         document_name = EXCLUDED.document_name, folder_id = EXCLUDED.folder_id,
         access_type = EXCLUDED.access_type, disabled = EXCLUDED.disabled,
         metadata = EXCLUDED.metadata, created_at = EXCLUDED.created_at,
         last_updated = EXCLUDED.last_updated, version = EXCLUDED.version
       WHERE documents.version < EXCLUDED.version`,
      [
        col((e) => e.data.apiKey),
        col((e) => e.data.organizationId),
        col((e) => e.data.documentId),
        col((e) => e.data.documentName),
        col((e) => e.data.folderId),
        col((e) => e.data.accessType),
        col((e) => e.data.disabled),
        col((e) => JSON.stringify(e.data.metadata)),
        col((e) => ('createdAt' in e.data ? e.data.createdAt : e.data.at)),
        col((e) => e.data.at),
        col((e) => e.streamVersion),
      ],
    );
  }
}
