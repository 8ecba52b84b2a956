import { Injectable } from '@nestjs/common';
import { Projection, type InlineProjection, type RecordedEvent } from '@app/event-store';
import type { EntityManager } from 'typeorm';
import { membershipStream } from '../domain/membership.aggregate';
import { UserGroupMemberAdded } from '../domain/user-group.events';
import { userStream } from '../domain/user.aggregate';
import { UserAdded, UserRemoved, UserUpdated, type UserRef } from '../domain/user.events';

/**
 * Keeps `users` current: adds in one multi-row insert, updates guarded by stream version,
 * removals deleted. Also keeps `user_stream_traces`: each stream naming a user that may
 * outlive their rows (a removed record, their group memberships), so erasure finds it.
 */
@Projection()
@Injectable()
export class UserProjection implements InlineProjection {
  readonly tables = ['users', 'user_stream_traces'];
  readonly handles = [
    UserAdded.type,
    UserUpdated.type,
    UserRemoved.type,
    UserGroupMemberAdded.type,
  ];

  async project(events: RecordedEvent[], m: EntityManager): Promise<void> {
    // Runs of adds and updates, and runs of removals, in log order: a rebuild may replay a
    // record added, removed and added again in one batch.
    let run: RecordedEvent[] = [];
    for (const event of events) {
      if (run.length > 0 && UserRemoved.is(event) !== UserRemoved.is(run[0])) {
        await this.projectRun(run, m);
        run = [];
      }
      run.push(event);
    }
    if (run.length > 0) await this.projectRun(run, m);
  }

  private async projectRun(run: RecordedEvent[], m: EntityManager): Promise<void> {
    if (UserRemoved.is(run[0])) return this.remove(run.filter(UserRemoved.is), m);
    await this.add(run.filter(UserAdded.is), m);
    await this.update(run.filter(UserUpdated.is), m);
    await this.traceMemberships(run.filter(UserGroupMemberAdded.is), m);
  }

  private async add(added: RecordedEvent[], m: EntityManager): Promise<void> {
    if (added.length === 0) return;
    const rows = added.filter(UserAdded.is).map(({ data, streamVersion }) => ({
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

  /** A batch updates each record once, so the updates of one append are one statement too. */
  private async update(events: RecordedEvent[], m: EntityManager): Promise<void> {
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

  /**
   * The rows go; their streams stay in the log, so a trace keeps each stream's id and the
   * name and email the user was known by there (erasure finds mentions by those).
   */
  private async remove(removed: RecordedEvent[], m: EntityManager): Promise<void> {
    const refs = removed.filter(UserRemoved.is).map(({ data }): UserRef => data);
    const rows = refs.map((ref) => ({
      api_key: ref.apiKey,
      organization_id: ref.organizationId,
      scope_type: ref.scope.type,
      scope_id: ref.scope.id,
      user_id: ref.userId,
      stream_id: userStream(ref),
    }));
    await m.query(
      `WITH x AS (
         SELECT * FROM json_to_recordset($1::json) AS x(api_key text, organization_id text,
           scope_type text, scope_id text, user_id text, stream_id text)),
       gone AS (
         DELETE FROM users u USING x
         WHERE u.api_key = x.api_key AND u.organization_id = x.organization_id
           AND u.scope_type = x.scope_type AND u.scope_id = x.scope_id AND u.user_id = x.user_id
         RETURNING x.api_key, x.stream_id, x.organization_id, x.user_id, u.name, u.email)
       INSERT INTO user_stream_traces (api_key, stream_id, organization_id, user_id, name, email)
       SELECT api_key, stream_id, organization_id, user_id, name, email FROM gone
       ON CONFLICT (api_key, stream_id) DO UPDATE SET name = EXCLUDED.name, email = EXCLUDED.email`,
      [JSON.stringify(rows)],
    );
  }

  /** A membership stream is traced once, when the user first joins a group of the organization. */
  private async traceMemberships(joined: RecordedEvent[], m: EntityManager): Promise<void> {
    if (joined.length === 0) return;
    const rows = joined.filter(UserGroupMemberAdded.is).map(({ data }) => ({
      api_key: data.apiKey,
      stream_id: membershipStream(data),
      organization_id: data.organizationId,
      user_id: data.userId,
    }));
    await m.query(
      `INSERT INTO user_stream_traces (api_key, stream_id, organization_id, user_id)
       SELECT * FROM json_to_recordset($1::json) AS r(api_key text, stream_id text,
         organization_id text, user_id text)
       ON CONFLICT DO NOTHING`,
      [JSON.stringify(rows)],
    );
  }
}
