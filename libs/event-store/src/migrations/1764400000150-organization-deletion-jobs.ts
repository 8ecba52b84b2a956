import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The status of an organization deletion reads its jobs by id prefix (`org-delete:<id>:`):
 * a pattern index over those jobs only, so the read does not scan the whole ledger.
 */
export class OrganizationDeletionJobs1764400000150 implements MigrationInterface {
  name = 'OrganizationDeletionJobs1764400000150';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX jobs_organization_deletion_idx ON jobs (job_id text_pattern_ops)
         WHERE name = 'event-store.organization-data-deletion'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX jobs_organization_deletion_idx`);
  }
}
