import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Serves the hosted path's read of one folder's documents in id order (D6.8): a page reads
 * only its own rows.
 */
export class DocumentsFolderIndex1764300000032 implements MigrationInterface {
  name = 'DocumentsFolderIndex1764300000032';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX documents_folder_idx ON documents (api_key, organization_id, folder_id, document_id)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX documents_folder_idx`);
  }
}
