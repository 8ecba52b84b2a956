import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Read table of user data deletion jobs (operation 17): counts only (D8.3). */
export class Gdpr1763856000007 implements MigrationInterface {
  name = 'Gdpr1763856000007';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE user_data_deletions (
        api_key text NOT NULL,
        job_id text NOT NULL,
        tasks_count int NOT NULL,
        tasks_left int NOT NULL,
        last_task_completed_time bigint,
        completed boolean NOT NULL DEFAULT false,
        created_at bigint NOT NULL,
        version bigint NOT NULL,
        PRIMARY KEY (api_key, job_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE user_data_deletions`);
  }
}
