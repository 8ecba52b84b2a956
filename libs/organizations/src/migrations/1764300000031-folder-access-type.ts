import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A folder's own access type (folders/add): NULL when none was given, so the folder takes
 * its parent's, or at the top level the API key's default (hosted inheritance).
 */
export class FolderAccessType1764300000031 implements MigrationInterface {
  name = 'FolderAccessType1764300000031';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE folders ADD COLUMN access_type text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE folders DROP COLUMN access_type`);
  }
}
