import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The read table of the activities library (D7): one row per record, its view in `record`
 * (as `/v2/activities/get` shows it) and beside it the columns the filters walk. Ids use the
 * "C" collation, as every read table does: keyset pages compare by bytes on both databases.
 *
 * Pages walk `(ts, activity_id)` within the organization, the document, the target entity,
 * the acting user or the action type. `people` holds every user id and email the record
 * names (its actor, users in its data): user data deletion finds a user's records through
 * its GIN index.
 *
 * `derived_activity_switches`: each key's activity switch as the derived-records subscription
 * last read it in the log, so a change is judged by the switch of its own time.
 */
export class Activities1763856000019 implements MigrationInterface {
  name = 'Activities1763856000019';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE activities (
        api_key text NOT NULL,
        organization_id text COLLATE "C" NOT NULL,
        activity_id text COLLATE "C" NOT NULL,
        document_id text COLLATE "C" NOT NULL,
        target_entity_id text COLLATE "C",
        feature_type text NOT NULL,
        action_type text COLLATE "C" NOT NULL,
        user_id text COLLATE "C",
        ts bigint NOT NULL,
        immutable boolean NOT NULL,
        people text[] NOT NULL,
        record jsonb NOT NULL,
        version bigint NOT NULL,
        PRIMARY KEY (api_key, organization_id, activity_id)
      )`);
    await q.query(
      `CREATE INDEX activities_page_idx ON activities (api_key, organization_id, ts, activity_id)`,
    );
    await q.query(
      `CREATE INDEX activities_document_idx
         ON activities (api_key, organization_id, document_id, ts, activity_id)`,
    );
    await q.query(
      `CREATE INDEX activities_target_idx
         ON activities (api_key, organization_id, target_entity_id, ts, activity_id)
         WHERE target_entity_id IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX activities_user_idx
         ON activities (api_key, organization_id, user_id, ts, activity_id)
         WHERE user_id IS NOT NULL`,
    );
    // One action type (a rare one too) is a walk of its own, not a filter over the organization.
    await q.query(
      `CREATE INDEX activities_action_idx
         ON activities (api_key, organization_id, action_type, ts, activity_id)`,
    );
    await q.query(`CREATE INDEX activities_people_idx ON activities USING gin (people)`);
    await q.query(`
      CREATE TABLE derived_activity_switches (
        api_key text PRIMARY KEY,
        config jsonb NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE derived_activity_switches`);
    await q.query(`DROP TABLE activities`);
  }
}
