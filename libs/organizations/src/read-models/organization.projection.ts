import { Injectable } from '@nestjs/common';
import { Projection, type InlineProjection, type RecordedEvent } from '@app/event-store';
import type { EntityManager } from 'typeorm';
import { OrganizationAdded, OrganizationUpdated } from '../domain/organization.events';

/**
 * Keeps `organizations` current. Adds of one append go in as one multi-row insert; every
 * write is guarded by stream version, so a replayed event changes nothing.
 */
@Projection()
@Injectable()
export class OrganizationProjection implements InlineProjection {
  readonly handles = [OrganizationAdded.type, OrganizationUpdated.type];

  async project(events: RecordedEvent[], m: EntityManager): Promise<void> {
    const added = events.filter(OrganizationAdded.is);
    if (added.length > 0) {
      await m.query(
        `INSERT INTO organizations (api_key, organization_id, organization_name, disabled, metadata,
           created_at, last_updated, version)
         SELECT a.api_key, a.id, a.name, a.disabled, a.metadata, a.at, a.at, a.version
         FROM unnest($1::text[], $2::text[], $3::text[], $4::boolean[], $5::jsonb[], $6::bigint[], $7::bigint[])
           AS a(api_key, id, name, disabled, metadata, at, version)
         ON CONFLICT (api_key, organization_id) DO NOTHING`,
        [
          added.map((e) => e.data.apiKey),
          added.map((e) => e.data.organizationId),
          added.map((e) => e.data.organizationName),
          added.map((e) => e.data.disabled),
          added.map((e) => JSON.stringify(e.data.metadata)),
          added.map((e) => e.data.at),
          added.map((e) => e.streamVersion),
        ],
      );
    }
    for (const event of events.filter(OrganizationUpdated.is)) {
      const d = event.data;
      await m.query(
        `UPDATE organizations SET
           organization_name = COALESCE($3, organization_name),
           disabled = COALESCE($4, disabled),
           metadata = metadata || $5::jsonb,
           last_updated = $6,
           version = $7
         WHERE api_key = $1 AND organization_id = $2 AND version < $7`,
        [
          d.apiKey,
          d.organizationId,
          d.organizationName ?? null,
          d.disabled ?? null,
          JSON.stringify(d.metadata ?? {}),
          d.at,
          event.streamVersion,
        ],
      );
    }
  }
}
