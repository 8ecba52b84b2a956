import { Injectable } from '@nestjs/common';
import { Projection, type InlineProjection, type RecordedEvent } from '@app/event-store';
import { AfterCommit } from '@app/platform';
import type { EntityManager } from 'typeorm';
import { invalidateCredentials } from '../auth/credential-cache';
import {
  AiModelConfigUpdated,
  WorkspaceAuthTokenReset,
  WorkspaceCreated,
} from '../domain/workspace.events';

/** Keeps `workspaces` current; every write is guarded by stream version (idempotent). */
@Projection()
@Injectable()
export class WorkspaceProjection implements InlineProjection {
  readonly tables = ['workspaces'];
  readonly handles = [
    WorkspaceCreated.type,
    WorkspaceAuthTokenReset.type,
    AiModelConfigUpdated.type,
  ];

  constructor(private readonly afterCommit: AfterCommit) {}

  async project(events: RecordedEvent[], m: EntityManager): Promise<void> {
    // A reset changes the workspace token the guard keeps; the other events, nothing it keeps.
    if (events.some((e) => WorkspaceAuthTokenReset.is(e))) {
      invalidateCredentials(m, this.afterCommit);
    }
    for (const event of events) {
      const v = event.streamVersion;
      const workspaceId = event.streamId.slice('workspace-'.length);
      if (WorkspaceCreated.is(event)) {
        const d = event.data;
        await m.query(
          `INSERT INTO workspaces (id, name, owner_email, owner_name, owner_id, owner_avatar,
             auth_token_digest, version, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, to_timestamp($9 / 1000.0)) ON CONFLICT (id) DO NOTHING`,
          [
            d.workspaceId,
            d.name,
            d.ownerEmail,
            d.ownerName,
            d.ownerId ?? null,
            d.ownerAvatar ?? null,
            d.authTokenDigest,
            v,
            d.createdAt,
          ],
        );
      } else if (WorkspaceAuthTokenReset.is(event)) {
        await m.query(
          `UPDATE workspaces SET auth_token_digest = $2, version = $3
           WHERE id = $1 AND version < $3`,
          [workspaceId, event.data.authTokenDigest, v],
        );
      } else if (AiModelConfigUpdated.is(event)) {
        const entries = Object.entries(event.data.providers);
        const set = Object.fromEntries(entries.filter(([, key]) => key));
        const removed = entries.filter(([, key]) => !key).map(([name]) => name);
        await m.query(
          `UPDATE workspaces SET ai_providers = (ai_providers || $2::jsonb) - $3::text[], version = $4
           WHERE id = $1 AND version < $4`,
          [workspaceId, JSON.stringify(set), removed, v],
        );
      }
    }
  }
}
