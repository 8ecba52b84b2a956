import { Injectable } from '@nestjs/common';
import { Projection, type InlineProjection, type RecordedEvent } from '@app/event-store';
import type { EntityManager } from 'typeorm';
import {
  OrganizationAdded,
  OrganizationDeleted,
  OrganizationUpdated,
} from '../domain/organization.events';

/**
 * Keeps `organizations` current. Adds of one append go in as one multi-row insert; every
 * write is guarded by stream version, so a replayed event changes nothing.
 */
@Projection()
@Injectable()
export class OrganizationProjection implements InlineProjection {
  readonly tables = ['organizations'];
  readonly handles = [OrganizationAdded.type, OrganizationUpdated.type, OrganizationDeleted.type];

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
    // A batch updates each organization once: the updates of one append are one statement.
    const updated = events.filter(OrganizationUpdated.is).map(({ data: d, streamVersion }) => ({
      api_key: d.apiKey,
      organization_id: d.organizationId,
      name: d.organizationName ?? null,
      disabled: d.disabled ?? null,
      metadata: d.metadata ?? {},
      at: d.at,
      version: streamVersion,
    }));
    if (updated.length > 0) await this.update(updated, m);
    // A deleted organization leaves the reads at once (D6.9); its data follows by subscribers.
    const deleted = events.filter(OrganizationDeleted.is);
    if (deleted.length === 0) return;
    await m.query(
      `DELETE FROM organizations o
       USING unnest($1::text[], $2::text[], $3::bigint[]) AS x(api_key, organization_id, version)
       WHERE o.api_key = x.api_key AND o.organization_id = x.organization_id
         AND o.version < x.version`,
      [
        deleted.map((e) => e.data.apiKey),
        deleted.map((e) => e.data.organizationId),
        deleted.map((e) => e.streamVersion),
      ],
    );
  }

  private async update(updated: object[], m: EntityManager): Promise<void> {
    await m.query(
      `UPDATE organizations o SET
         organization_name = COALESCE(x.name, o.organization_name),
         disabled = COALESCE(x.disabled, o.disabled),
         metadata = o.metadata || x.metadata,
         last_updated = x.at,
         version = x.version
       FROM json_to_recordset($1::json) AS x(api_key text, organization_id text, name text,
         disabled boolean, metadata jsonb, at bigint, version bigint)
       WHERE o.api_key = x.api_key AND o.organization_id = x.organization_id
         AND o.version < x.version`,
      [JSON.stringify(updated)],
    );
  }
}
