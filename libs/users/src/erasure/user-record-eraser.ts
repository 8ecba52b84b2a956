import { Injectable } from '@nestjs/common';
import { EventStore, SubscriptionRunner } from '@app/event-store';
import {
  Eraser,
  type ErasureFootprint,
  type ErasureSubject,
  type UserDataEraser,
} from '@app/platform';
import { DataSource } from 'typeorm';
import { KNOWN_AUTHORS_SUBSCRIPTION } from '../application/known-authors/known-authors.subscriber';
import { membershipStream } from '../domain/membership.aggregate';
import { userStream } from '../domain/user.aggregate';
import type { UserScope } from '../domain/user.events';

interface UserRow {
  scope_type: UserScope['type'];
  scope_id: string;
  user_id: string;
}

export const USERS_KIND = 'users';

/**
 * Erasure of user records and group memberships (D8.3) for the user data deletion job: their
 * rows, and their streams purged from the log (a user record's or memberships' stream id names
 * the user, so no rewrite of its payloads could clean it), removed records' too (found by
 * their traces). Removing the records removes the users' access. It runs
 * last in an organization (`identity`): the records say who the users are, which the other
 * erasers need to find mentions of them.
 */
@Injectable()
@Eraser()
export class UserRecordEraser implements UserDataEraser {
  readonly kinds = [USERS_KIND];
  readonly stage = 'identity';

  constructor(
    private readonly dataSource: DataSource,
    private readonly store: EventStore,
    private readonly subscriptions: SubscriptionRunner,
  ) {}

  /**
   * Where the users have records, and every name and email those show (mentions of them are
   * found by these too): one read, for a deletion job's plan.
   */
  async locate(apiKey: string, userIds: string[]): Promise<ErasureFootprint> {
    const rows: { organization_id: string; name: string; email: string }[] =
      await this.dataSource.query(
        `SELECT DISTINCT organization_id, name, email FROM users
         WHERE api_key = $1 AND user_id = ANY($2::text[])
         UNION
         SELECT DISTINCT organization_id, name, email FROM user_stream_traces
         WHERE api_key = $1 AND user_id = ANY($2::text[])`,
        [apiKey, userIds],
      );
    return {
      organizations: [...new Set(rows.map((r) => r.organization_id))],
      words: [...new Set(rows.flatMap((r) => [r.name, r.email]).filter(Boolean))],
    };
  }

  /** Erases the users' records in one organization; answers how many there were. */
  async erase(_kind: string, { apiKey, organizationId, userIds }: ErasureSubject): Promise<number> {
    // The subscriber that makes authors known must have read every event naming them, or it
    // could make an erased user known again; the job tries this task again later.
    if (!(await this.subscriptions.isCaughtUp(KNOWN_AUTHORS_SUBSCRIPTION))) {
      throw new Error('waiting for the known-authors subscription to catch up');
    }
    return this.store.transaction(async (m) => {
      const rows: UserRow[] = await m.query(
        // Wrapped in a SELECT: TypeORM answers a bare DELETE ... RETURNING as [rows, count].
        `WITH gone AS (
           DELETE FROM users WHERE api_key = $1 AND organization_id = $2 AND user_id = ANY($3::text[])
           RETURNING scope_type, scope_id, user_id)
         SELECT * FROM gone`,
        [apiKey, organizationId, userIds],
      );
      const streams = rows.map((r) =>
        userStream({
          apiKey,
          organizationId,
          scope: { type: r.scope_type, id: r.scope_id },
          userId: r.user_id,
        }),
      );
      const members: { user_id: string }[] = await m.query(
        `WITH gone AS (
           DELETE FROM user_group_members
           WHERE api_key = $1 AND organization_id = $2 AND user_id = ANY($3::text[])
           RETURNING user_id)
         SELECT * FROM gone`,
        [apiKey, organizationId, userIds],
      );
      const traces: { stream_id: string }[] = await m.query(
        `WITH gone AS (
           DELETE FROM user_stream_traces
           WHERE api_key = $1 AND organization_id = $2 AND user_id = ANY($3::text[])
           RETURNING stream_id)
         SELECT * FROM gone`,
        [apiKey, organizationId, userIds],
      );
      const memberships = userIds.map((userId) =>
        membershipStream({ apiKey, organizationId, userId }),
      );
      await this.store.purge(m, [
        ...new Set([...streams, ...memberships, ...traces.map((t) => t.stream_id)]),
      ]);
      return rows.length + members.length + traces.length;
    });
  }
}
