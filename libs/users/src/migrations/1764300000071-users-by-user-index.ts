import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Serves users/get with allDocuments (hosted): the document users of an organization in user
 * id order (each one's first document first), so a page reads only its own users.
 */
export class UsersByUserIndex1764300000071 implements MigrationInterface {
  name = 'UsersByUserIndex1764300000071';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX users_scope_type_user_idx ON users (api_key, organization_id, scope_type, user_id, scope_id)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX users_scope_type_user_idx`);
  }
}
