import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A lease on a checkpoint, for subscribers whose work runs outside the checkpoint's
 * transaction (durable CQRS handlers and sagas): the instance holding an unexpired lease is
 * the one feeding that subscriber.
 */
export class CheckpointLeases1763856000011 implements MigrationInterface {
  name = 'CheckpointLeases1763856000011';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE checkpoints
        ADD COLUMN lease_owner text,
        ADD COLUMN lease_expires_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE checkpoints DROP COLUMN lease_owner, DROP COLUMN lease_expires_at`);
  }
}
