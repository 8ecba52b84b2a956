import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Read tables of the notifications library (D9). Ids use the "C" collation, as every read
 * table does: keyset pages compare by bytes on both databases.
 *
 * - `notifications`: one row per notification, its view in `record` (as operation 22 shows
 *   it, without read state), the columns the filters need beside it, and `read_by`
 *   (user id → `{persist, at}`). Pages by document walk `(document_id, ts, id)`.
 * - `notification_inbox`: one row per (notification, addressed user), with the
 *   notification's document and location: pages by user walk `(user_id, ts, id)`, by user
 *   and document `(user_id, document_id, ts, id)`, by user and location likewise.
 *   Notifications for everyone (`notify_all`) are not copied per user; they are read from
 *   `notifications` through its `notify_all` indexes.
 */
export class Notifications1763856000013 implements MigrationInterface {
  name = 'Notifications1763856000013';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE notifications (
        api_key text NOT NULL,
        organization_id text COLLATE "C" NOT NULL,
        notification_id text COLLATE "C" NOT NULL,
        document_id text COLLATE "C" NOT NULL,
        location_id text COLLATE "C",
        ts bigint NOT NULL,
        source text NOT NULL,
        notify_all boolean NOT NULL,
        record jsonb NOT NULL,
        read_by jsonb NOT NULL DEFAULT '{}',
        version bigint NOT NULL,
        PRIMARY KEY (api_key, organization_id, notification_id)
      )`);
    await q.query(
      `CREATE INDEX notifications_document_idx
         ON notifications (api_key, organization_id, document_id, ts, notification_id)`,
    );
    await q.query(
      `CREATE INDEX notifications_everyone_idx
         ON notifications (api_key, organization_id, ts, notification_id) WHERE notify_all`,
    );
    await q.query(
      `CREATE INDEX notifications_everyone_document_idx
         ON notifications (api_key, organization_id, document_id, ts, notification_id)
         WHERE notify_all`,
    );
    await q.query(`
      CREATE TABLE notification_inbox (
        api_key text NOT NULL,
        organization_id text COLLATE "C" NOT NULL,
        user_id text COLLATE "C" NOT NULL,
        notification_id text COLLATE "C" NOT NULL,
        document_id text COLLATE "C" NOT NULL,
        location_id text COLLATE "C",
        ts bigint NOT NULL,
        PRIMARY KEY (api_key, organization_id, user_id, notification_id)
      )`);
    await q.query(
      `CREATE INDEX notification_inbox_page_idx
         ON notification_inbox (api_key, organization_id, user_id, ts, notification_id)`,
    );
    await q.query(
      `CREATE INDEX notification_inbox_document_idx
         ON notification_inbox (api_key, organization_id, user_id, document_id, ts, notification_id)`,
    );
    await q.query(
      `CREATE INDEX notification_inbox_location_idx
         ON notification_inbox (api_key, organization_id, user_id, location_id, ts, notification_id)
         WHERE location_id IS NOT NULL`,
    );
    // Erasure and deletes by notification find a notification's inbox rows.
    await q.query(
      `CREATE INDEX notification_inbox_notification_idx
         ON notification_inbox (api_key, organization_id, notification_id)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE notification_inbox`);
    await q.query(`DROP TABLE notifications`);
  }
}
