import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Failed jobs by name, for the `collab_jobs` metric: without it each scrape would read the
 * whole ledger, completed jobs included (pending ones have `jobs_pending_idx`).
 */
export class JobsFailedIndex1763856000040 implements MigrationInterface {
  name = 'JobsFailedIndex1763856000040';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX jobs_failed_idx ON jobs (name) WHERE status = 'failed'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX jobs_failed_idx`);
  }
}
