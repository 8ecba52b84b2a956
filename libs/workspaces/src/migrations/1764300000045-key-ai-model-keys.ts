import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Each API key's own AI provider keys (`apikeyconfig`'s `aiModelApiKey`, D3.4), sealed. */
export class KeyAiModelKeys1764300000045 implements MigrationInterface {
  name = 'KeyAiModelKeys1764300000045';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE api_keys ADD COLUMN ai_model_keys jsonb NOT NULL DEFAULT '{}'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE api_keys DROP COLUMN ai_model_keys`);
  }
}
