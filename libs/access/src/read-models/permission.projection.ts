import { Injectable } from '@nestjs/common';
import { Projection, type InlineProjection, type RecordedEvent } from '@app/event-store';
import type { EntityManager } from 'typeorm';
import { PermissionsGranted, PermissionsRevoked } from '../domain/access.events';

/** Keeps `access_permissions` current, in event order: a grant upserts, a revoke deletes. */
@Projection()
@Injectable()
export class PermissionProjection implements InlineProjection {
  readonly tables = ['access_permissions'];
  readonly handles = [PermissionsGranted.type, PermissionsRevoked.type];

  async project(events: RecordedEvent[], m: EntityManager): Promise<void> {
    for (const event of events) {
      const { apiKey, organizationId, userId } = event.data as {
        apiKey: string;
        organizationId: string;
        userId: string;
      };
      const key = [apiKey, organizationId, userId];
      if (PermissionsGranted.is(event)) {
        const rows = event.data.resources.map((r) => ({
          resource_type: r.type,
          resource_id: r.id,
          access_role: r.accessRole,
          expires_at: r.expiresAt,
        }));
        await m.query(
          `INSERT INTO access_permissions (api_key, organization_id, user_id, resource_type,
             resource_id, access_role, expires_at, granted_at)
           SELECT $1, $2, $3, r.resource_type, r.resource_id, r.access_role, r.expires_at, $5
           FROM json_to_recordset($4::json) AS r(resource_type text, resource_id text,
             access_role text, expires_at bigint)
           ON CONFLICT (api_key, organization_id, user_id, resource_type, resource_id)
           DO UPDATE SET access_role = EXCLUDED.access_role, expires_at = EXCLUDED.expires_at,
             granted_at = EXCLUDED.granted_at`,
          [...key, JSON.stringify(rows), event.data.at],
        );
      } else if (PermissionsRevoked.is(event)) {
        await m.query(
          `DELETE FROM access_permissions p
           USING json_to_recordset($4::json) AS r(type text, id text)
           WHERE p.api_key = $1 AND p.organization_id = $2 AND p.user_id = $3
             AND p.resource_type = r.type AND p.resource_id = r.id`,
          [...key, JSON.stringify(event.data.resources)],
        );
      }
    }
  }
}
