import { Injectable } from '@nestjs/common';
import { Projection, type InlineProjection, type RecordedEvent } from '@app/event-store';
import type { EntityManager } from 'typeorm';
import {
  MigrationCompleted,
  MigrationFailed,
  MigrationRequested,
  MigrationStarted,
} from '../domain/migration.events';

/** Keeps `document_migrations` current for operation 14 (version-guarded). */
@Projection()
@Injectable()
export class MigrationProjection implements InlineProjection {
  readonly tables = ['document_migrations'];
  readonly handles = [
    MigrationRequested.type,
    MigrationStarted.type,
    MigrationCompleted.type,
    MigrationFailed.type,
  ];

  async project(events: RecordedEvent[], m: EntityManager): Promise<void> {
    for (const event of events) {
      const v = event.streamVersion;
      if (MigrationRequested.is(event)) {
        const d = event.data;
        await m.query(
          `INSERT INTO document_migrations (api_key, migration_id, organization_id, document_id,
             new_document_id, status, created_at, updated_at, version)
           VALUES ($1, $2, $3, $4, $5, 'pending', $6, $6, $7) ON CONFLICT DO NOTHING`,
          [d.apiKey, d.migrationId, d.organizationId, d.documentId, d.newDocumentId, d.at, v],
        );
        continue;
      }
      const status = MigrationStarted.is(event)
        ? 'in_progress'
        : MigrationCompleted.is(event)
          ? 'completed'
          : 'failed';
      const d = event.data as { apiKey: string; migrationId: string; at: number; error?: string };
      await m.query(
        `UPDATE document_migrations SET status = $3, error = $4, updated_at = $5, version = $6
         WHERE api_key = $1 AND migration_id = $2 AND version < $6`,
        [d.apiKey, d.migrationId, status, d.error ?? null, d.at, v],
      );
    }
  }
}
