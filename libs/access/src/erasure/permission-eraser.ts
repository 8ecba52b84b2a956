import { Injectable } from '@nestjs/common';
import { EventStore } from '@app/event-store';
import {
  Eraser,
  type ErasureFootprint,
  type ErasureSubject,
  type UserDataEraser,
} from '@app/platform';
import { DataSource } from 'typeorm';
import { userPermissionsStream } from '../domain/user-permissions.aggregate';

export const PERMISSIONS_KIND = 'access-permissions';

/**
 * Erasure of users' permissions (D8.3): their rows and their streams (a stream per user and
 * organization, whose id names the user), so neither the table nor the log keeps them.
 */
@Injectable()
@Eraser()
export class PermissionEraser implements UserDataEraser {
  readonly kinds = [PERMISSIONS_KIND];

  constructor(
    private readonly dataSource: DataSource,
    private readonly store: EventStore,
  ) {}

  /** Where the users hold permissions; streams of users with none left are found there too. */
  async locate(apiKey: string, userIds: string[]): Promise<ErasureFootprint> {
    const rows: { organization_id: string }[] = await this.dataSource.query(
      `SELECT DISTINCT organization_id FROM access_permissions
       WHERE api_key = $1 AND user_id = ANY($2::text[])`,
      [apiKey, userIds],
    );
    // A user whose grants were all revoked keeps a stream (its events name them) and no row.
    const prefix = userPermissionsStream({ apiKey, organizationId: '', userId: '' }).slice(0, -1);
    const streams: { stream_id: string }[] = await this.dataSource.query(
      `SELECT stream_id FROM streams WHERE stream_id LIKE $1 ESCAPE '\\'`,
      [`${prefix.replace(/[\\%_]/g, '\\$&')}%`],
    );
    const wanted = new Set(userIds);
    const fromStreams = streams
      .map((s) => s.stream_id.slice(prefix.length).split(':').map(decodeURIComponent))
      .filter(([, userId]) => wanted.has(userId!))
      .map(([organizationId]) => organizationId!);
    return { organizations: [...new Set([...rows.map((r) => r.organization_id), ...fromStreams])] };
  }

  async erase(_kind: string, { apiKey, organizationId, userIds }: ErasureSubject): Promise<number> {
    return this.store.transaction(async (m) => {
      const rows: unknown[] = await m.query(
        `WITH gone AS (
           DELETE FROM access_permissions
           WHERE api_key = $1 AND organization_id = $2 AND user_id = ANY($3::text[])
           RETURNING 1)
         SELECT * FROM gone`,
        [apiKey, organizationId, userIds],
      );
      await this.store.purge(
        m,
        userIds.map((userId) => userPermissionsStream({ apiKey, organizationId, userId })),
      );
      return rows.length;
    });
  }
}
