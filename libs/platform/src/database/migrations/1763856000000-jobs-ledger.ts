import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The job ledger behind the queue port (see JobQueue). */
export class JobsLedger1763856000000 implements MigrationInterface {
  name = 'JobsLedger1763856000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE jobs (
        job_id text PRIMARY KEY,
        name text NOT NULL,
        data jsonb NOT NULL,
        status text NOT NULL DEFAULT 'pending',
        attempts int NOT NULL DEFAULT 0,
        max_attempts int NOT NULL,
        last_error text,
        run_after timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz
      )`);
    await q.query(`CREATE INDEX jobs_pending_idx ON jobs (run_after) WHERE status = 'pending'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE jobs`);
  }
}
