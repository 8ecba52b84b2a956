import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Ask AI usage per call (D12): counts and outcome only, never a prompt or a text. */
export class AiUsage1763856000010 implements MigrationInterface {
  name = 'AiUsage1763856000010';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ai_usage (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        api_key text NOT NULL,
        provider text NOT NULL,
        model text NOT NULL,
        input_tokens int NOT NULL,
        output_tokens int NOT NULL,
        duration_ms int NOT NULL,
        outcome text NOT NULL,
        created_at bigint NOT NULL
      )`);
    await q.query(`CREATE INDEX ai_usage_api_key_created_at ON ai_usage (api_key, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ai_usage`);
  }
}
