import { Injectable } from '@nestjs/common';
import { Projection, type InlineProjection, type RecordedEvent } from '@app/event-store';
import type { EntityManager } from 'typeorm';
import { UserAdded, UserUpdated } from '../domain/user.events';

/** Keeps `users` current: adds in one multi-row insert, updates guarded by stream version. */
@Projection()
@Injectable()
export class UserProjection implements InlineProjection {
  readonly handles = [UserAdded.type, UserUpdated.type];

  async project(events: RecordedEvent[], m: EntityManager): Promise<void> {
    const added = events.filter(UserAdded.is);
    if (added.length > 0) {
      const rows = added.map(({ data, streamVersion }) => ({
        api_key: data.apiKey,
        organization_id: data.organizationId,
        scope_type: data.scope.type,
        scope_id: data.scope.id,
        user_id: data.userId,
        name: data.name,
        email: data.email,
        metadata: data.metadata,
        created_at: data.at,
        last_updated: data.at,
        version: streamVersion,
      }));
      await m.query(
        `INSERT INTO users (api_key, organization_id, scope_type, scope_id, user_id, name, email,
           metadata, created_at, last_updated, version)
         SELECT * FROM json_to_recordset($1::json) AS r(api_key text, organization_id text,
           scope_type text, scope_id text, user_id text, name text, email text, metadata jsonb,
           created_at bigint, last_updated bigint, version bigint)
         ON CONFLICT DO NOTHING`,
        [JSON.stringify(rows)],
      );
    }
    for (const { data: d, streamVersion } of events.filter(UserUpdated.is)) {
      await m.query(
        `UPDATE users SET name = COALESCE($6, name), email = COALESCE($7, email),
           metadata = metadata || $8::jsonb, last_updated = $9, version = $10
         WHERE api_key = $1 AND organization_id = $2 AND scope_type = $3 AND scope_id = $4
           AND user_id = $5 AND version < $10`,
        [
          d.apiKey,
          d.organizationId,
          d.scope.type,
          d.scope.id,
          d.userId,
          d.name ?? null,
          d.email ?? null,
          JSON.stringify(d.metadata ?? {}),
          d.at,
          streamVersion,
        ],
      );
    }
  }
}
