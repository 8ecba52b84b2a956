import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for the filters that name neither a document nor a user: a delete by location
 * (D9.5) walks one location's notifications, not the organization's; a document migration
 * moves one document's per-user settings without reading the organization's.
 */
export class NotificationFilterIndexes1763856000017 implements MigrationInterface {
  name = 'NotificationFilterIndexes1763856000017';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX notifications_location_idx
         ON notifications (api_key, organization_id, location_id, ts, notification_id)
         WHERE location_id IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX notification_settings_document_idx
         ON notification_settings (api_key, organization_id, document_id)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX notification_settings_document_idx`);
    await q.query(`DROP INDEX notifications_location_idx`);
  }
}
