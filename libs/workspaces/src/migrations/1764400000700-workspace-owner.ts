import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The owner's id and avatar in `workspaces`, for the hosted `workspace/get`; existing rows are
 * filled from their `workspaces.workspace-created` event (null where the event has none).
 */
export class WorkspaceOwner1764400000700 implements MigrationInterface {
  name = 'WorkspaceOwner1764400000700';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE workspaces ADD COLUMN owner_id text, ADD COLUMN owner_avatar text`);
    await q.query(
      `UPDATE workspaces w SET owner_id = e.data->>'ownerId', owner_avatar = e.data->>'ownerAvatar'
       FROM events e
       WHERE e.type = 'workspaces.workspace-created' AND e.stream_id = 'workspace-' || w.id`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE workspaces DROP COLUMN owner_id, DROP COLUMN owner_avatar`);
  }
}
