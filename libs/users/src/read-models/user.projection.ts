import { Injectable } from '@nestjs/common';
import { Projection, type InlineProjection, type RecordedEvent } from '@app/event-store';
import type { EntityManager } from 'typeorm';
import { UserAdded, UserUpdated } from '../domain/user.events';

/** Keeps `users` current: adds in one multi-row insert, updates guarded by stream version. */
@Projection()
@Injectable()
export class UserProjection implements InlineProjection {
  readonly tables = ['users'];
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
    // A batch updates each record once, so the updates of one append are one statement too.
    const updated = events.filter(UserUpdated.is).map(({ data: d, streamVersion }) => ({
      api_key: d.apiKey,
      organization_id: d.organizationId,
      scope_type: d.scope.type,
      scope_id: d.scope.id,
      user_id: d.userId,
      name: d.name ?? null,
      email: d.email ?? null,
      metadata: d.metadata ?? {},
      at: d.at,
      version: streamVersion,
    }));
    if (updated.length === 0) return;
    await m.query(
      `UPDATE users u SET name = COALESCE(x.name, u.name), email = COALESCE(x.email, u.email),
         metadata = u.metadata || x.metadata, last_updated = x.at, version = x.version
       FROM json_to_recordset($1::json) AS x(api_key text, organization_id text, scope_type text,
         scope_id text, user_id text, name text, email text, metadata jsonb, at bigint, version bigint)
       WHERE u.api_key = x.api_key AND u.organization_id = x.organization_id
         AND u.scope_type = x.scope_type AND u.scope_id = x.scope_id AND u.user_id = x.user_id
         AND u.version < x.version`,
      [JSON.stringify(updated)],
    );
  }
}
