import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The tasks read table. The timestamp orders it among every module's migrations. */
export class ExampleTasks1764000000000 implements MigrationInterface {
  name = 'ExampleTasks1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE example_tasks (
        api_key text NOT NULL,
        organization_id text NOT NULL,
        task_id text NOT NULL,
        version bigint NOT NULL,
        title text NOT NULL,
        assignee_id text,
        completed boolean NOT NULL DEFAULT false,
        PRIMARY KEY (api_key, organization_id, task_id)
      )`);
    await q.query(`CREATE INDEX example_tasks_assignee ON example_tasks (api_key, assignee_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE example_tasks`);
  }
}
