import { performance } from 'node:perf_hooks';
import type { Client } from 'pg';
import type { BenchServer } from './bench-server';

/** The seeded organization and the places whose deep pages are read. */
export interface ActivitySeed {
  organizationId: string;
  documents: number;
  users: number;
  activities: number;
  /** The document holding 15% of the records, and the user acting in 12.5%. */
  hotDocument: string;
  hotUser: string;
  seedMs: number;
  /** The seed's steps, ms each. */
  phases: Record<string, number>;
}

const DOCUMENTS = 1000;
const USERS = 10_000;
/** A document of the organization with no records: what a call costs beside its rows. */
export const EMPTY_DOCUMENT = 'no-activities';
/** Operation 2's batch limit. */
const DOCUMENTS_A_CALL = 1000;

/**
 * `count` activity records of one organization, written straight into the read table
 * `activities` by one INSERT ... SELECT: the rows the activity projection writes for
 * `ActivityLogged` (the record's content in `record`, `people` as peopleIn finds them),
 * without their events. A read benchmark needs the rows, not how they came; a million
 * events in the log would also be a million events for every durable subscriber to walk
 * while the lag is measured. Shapes: 1000 documents, one of them (`doc-0`) holding 15%;
 * 10,000 users, `user-0` acting in 12.5%; by feature 60% comment, 15% reaction, 10% crdt,
 * 5% recorder, 10% custom, the comment ones carrying their annotation and comment as derived
 * records do; a location on a third; timestamps 10 s apart over 29 days, in ties of up to
 * four (pages are cut by (ts, id)). The documents, and one with no records, are made through
 * the API (operation 2).
 */
export async function seedActivities(
  server: BenchServer,
  sql: Client,
  headers: Record<string, string>,
  count: number,
): Promise<ActivitySeed> {
  const organizationId = 'activities-bench';
  const apiKey = headers['x-service-api-key'];
  const documents = [
    ...Array.from({ length: DOCUMENTS }, (_, i) => ({
      documentId: `doc-${i}`,
      documentName: `Document ${i}`,
    })),
    { documentId: EMPTY_DOCUMENT },
  ];
  for (let at = 0; at < documents.length; at += DOCUMENTS_A_CALL) {
    await server.post(
      '/v2/organizations/documents/add',
      {
        organizationId,
        createOrganization: at === 0,
        documents: documents.slice(at, at + DOCUMENTS_A_CALL),
      },
      headers,
    );
  }
  const start = performance.now();
  const base = Date.now() - 30 * 24 * 3600 * 1000;
  const phases = new Phases();
  await sql.query('BEGIN');
  try {
    // Room to sort each index in memory when it is built again.
    await sql.query(`SET LOCAL maintenance_work_mem = '512MB'`);
    const indexes = await dropIndexes(sql);
    await phases.time('activities', () => insertRows(sql, { apiKey, organizationId, count, base }));
    await phases.time('indexes', async () => {
      for (const create of indexes) await sql.query(create);
    });
    await sql.query('COMMIT');
  } catch (err) {
    await sql.query('ROLLBACK');
    throw err;
  }
  // As autovacuum would after such a load: statistics, and the visibility map.
  await phases.time('vacuum', () => sql.query(`VACUUM ANALYZE activities`));
  // The load's gigabytes of WAL start a checkpoint, whose writes would fall on the
  // measurements after it: written now.
  await phases.time('checkpoint', () => sql.query(`CHECKPOINT`));
  return {
    organizationId,
    documents: DOCUMENTS,
    users: USERS,
    activities: count,
    hotDocument: 'doc-0',
    hotUser: 'user-0',
    seedMs: performance.now() - start,
    phases: phases.ms,
  };
}

/**
 * Drops the table's indexes, primary key included, and answers the statements that make them
 * again as they were: a million rows load faster into a bare table, each index then built by
 * one sort. In the caller's transaction, so that no other session sees the table without them.
 */
async function dropIndexes(sql: Client): Promise<string[]> {
  const { rows } = await sql.query<{ index: string; key: string | null; def: string }>(
    `SELECT i.relname AS index, c.conname AS key,
       COALESCE(pg_get_constraintdef(c.oid), pg_get_indexdef(i.oid)) AS def
     FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
     LEFT JOIN pg_constraint c ON c.conindid = x.indexrelid AND c.contype = 'p'
     WHERE t.relname = 'activities' AND t.relnamespace = current_schema()::regnamespace`,
  );
  for (const r of rows) {
    await sql.query(
      r.key ? `ALTER TABLE activities DROP CONSTRAINT ${r.key}` : `DROP INDEX ${r.index}`,
    );
  }
  return rows.map((r) =>
    r.key ? `ALTER TABLE activities ADD CONSTRAINT ${r.key} ${r.def}` : r.def,
  );
}

interface RowsOf {
  apiKey: string;
  organizationId: string;
  count: number;
  base: number;
}

/**
 * The rows (see seedActivities). Each record is written as JSON text and parsed once, as the
 * notifications seed does: cheaper than nesting jsonb_build_object.
 */
async function insertRows(
  sql: Client,
  { apiKey, organizationId, count, base }: RowsOf,
): Promise<void> {
  await sql.query(
    `INSERT INTO activities (api_key, organization_id, activity_id, document_id,
       target_entity_id, feature_type, action_type, user_id, ts, immutable, people, record,
       version)
     SELECT $1, $2, s.id, s.doc, s.target, s.feature, s.action, 'user-' || s.a, s.ts, s.immutable,
       -- As peopleIn lists them, sorted: the actor, and the thread's owner (the annotation's
       -- author) on a comment.
       ARRAY(SELECT p FROM unnest(CASE WHEN s.feature = 'comment' AND s.o <> s.a
           THEN ARRAY['user-' || s.a, 'user-' || s.a || '@example.com',
                      'user-' || s.o, 'user-' || s.o || '@example.com']
           ELSE ARRAY['user-' || s.a, 'user-' || s.a || '@example.com'] END) p
         ORDER BY p COLLATE "C"),
       ('{"documentId":"' || s.doc || '","featureType":"' || s.feature
         || '","actionType":"' || s.action || '","actionUser":' || s.actor
         || ',"targetEntityId":"' || s.target || '"'
         || CASE s.feature
              WHEN 'comment' THEN
                ',"targetSubEntityId":"c' || s.g || '"'
                || ',"entityData":{"annotationId":"' || s.target || '","status":{"id":"OPEN"'
                || ',"name":"Open","type":"default"},"from":' || s.owner
                || ',"commentData":[{"commentId":1,"commentText":"Could you look at the figures'
                || ' in this section?","from":' || s.owner || '}]}'
                || ',"entityTargetData":{"commentId":"c' || s.g || '","commentText":"Reply '
                || s.g || ' on the figures","from":' || s.actor || '}'
                || ',"displayMessageTemplate":"{actionUser} added a comment"'
                || ',"displayMessageTemplateData":{"actionUser":' || s.actor || '}'
              WHEN 'custom' THEN
                ',"changes":{"status":{"from":"draft","to":"review"}}'
                || ',"displayMessageTemplate":"{actionUser} moved {item} to review"'
                || ',"displayMessageTemplateData":{"actionUser":' || s.actor
                || ',"item":"Item ' || s.g || '"}'
              ELSE ',"displayMessageTemplate":"{actionUser} ' || s.action || '"'
                || ',"displayMessageTemplateData":{"actionUser":' || s.actor || '}'
            END
         || CASE WHEN s.loc IS NULL THEN '' ELSE
              ',"location":{"id":"' || s.loc || '","locationName":"Section ' || s.loc || '"}' END
         || ',"immutable":' || s.immutable || ',"timestamp":' || s.ts || '}')::jsonb,
       1
     FROM generate_series(1, $3::bigint) AS i
     CROSS JOIN LATERAL (SELECT i AS g,
       -- A UUID, as newActivityId makes them.
       md5($4 || i)::uuid::text AS id,
       CASE WHEN i % 20 < 3 THEN 'doc-0' ELSE 'doc-' || 1 + (i * 7919) % ${DOCUMENTS - 1} END
         AS doc,
       CASE WHEN i % 3 = 0 THEN 'loc-' || i % 50 END AS loc,
       $5::bigint + (i / 4) * 10000 AS ts,
       i % 7 = 0 AS immutable,
       f.feature,
       CASE f.feature
         WHEN 'comment' THEN (ARRAY['comment.add', 'comment.update', 'comment_annotation.add',
           'comment_annotation.status_change', 'comment.reaction_add'])[1 + i % 5]
         WHEN 'reaction' THEN (ARRAY['reaction.add', 'reaction.delete'])[1 + i % 2]
         WHEN 'recorder' THEN (ARRAY['recording.add', 'recording.delete'])[1 + i % 2]
         WHEN 'crdt' THEN 'crdt.editor_edit'
         ELSE 'status_change' END AS action,
       CASE f.feature WHEN 'comment' THEN 'ann-' WHEN 'reaction' THEN 'reaction-'
         WHEN 'recorder' THEN 'rec-' WHEN 'crdt' THEN 'editor-' ELSE 'item-' END
         || i / 8 AS target,
       u.a, u.o,
       '{"userId":"user-' || u.a || '","name":"User ' || u.a || '","email":"user-' || u.a
         || '@example.com"}' AS actor,
       '{"userId":"user-' || u.o || '","name":"User ' || u.o || '","email":"user-' || u.o
         || '@example.com"}' AS owner
     FROM (SELECT CASE WHEN i % 8 = 5 THEN 0 ELSE 1 + (i * 31) % ${USERS - 1} END AS a,
       (i * 7919) % ${USERS} AS o) u,
       -- By i / 3, so that each document and user sees every feature.
       (SELECT CASE WHEN i / 3 % 20 < 12 THEN 'comment' WHEN i / 3 % 20 < 15 THEN 'reaction'
         WHEN i / 3 % 20 < 17 THEN 'crdt' WHEN i / 3 % 20 < 18 THEN 'recorder' ELSE 'custom'
         END AS feature) f) s`,
    [apiKey, organizationId, count, `${apiKey}:`, base],
  );
}

/** Times of the seed's steps, in ms. */
class Phases {
  readonly ms: Record<string, number> = {};
  async time<T>(name: string, step: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await step();
    } finally {
      this.ms[name] = performance.now() - started;
    }
  }
}
