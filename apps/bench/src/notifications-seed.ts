import { performance } from 'node:perf_hooks';
import type { Client } from 'pg';
import type { BenchServer } from './bench-server';

/** The seeded organization and the two places whose deep pages are read. */
export interface NotificationSeed {
  organizationId: string;
  documents: number;
  users: number;
  notifications: number;
  inboxRows: number;
  /** The document holding 15% of the notifications, and the user addressed by 12.5%. */
  hotDocument: string;
  hotUser: string;
  seedMs: number;
  /** The seed's steps, ms each. */
  phases: Record<string, number>;
}

const DOCUMENTS = 1000;
const USERS = 10_000;
/** The last documents are restricted (their notifications for everyone hidden from outsiders). */
const RESTRICTED = 10;

/**
 * `count` notifications of one organization, written straight into the read tables
 * (`notifications`, `notification_inbox`) with one INSERT ... SELECT each: the rows
 * operation 23's projection would write, without their events (a read benchmark needs the
 * rows, not how they came). Shapes: 1000 documents, one of them (`doc-0`) holding 15%;
 * 10,000 users, 1 to 3 recipients a notification (`notifyUsers` by email for half of them)
 * and `user-0` among them in 12.5%; 2% for everyone (no recipients); a location on a third;
 * one recipient's read on a fifth; timestamps 10 s apart over 29 days, in ties of up to four.
 * The documents are made through the API (operation 2), the last 10 restricted.
 */
export async function seedNotifications(
  server: BenchServer,
  sql: Client,
  headers: Record<string, string>,
  count: number,
): Promise<NotificationSeed> {
  const organizationId = 'notifications-bench';
  const apiKey = headers['x-service-api-key'];
  await server.post(
    '/v2/organizations/documents/add',
    {
      organizationId,
      createOrganization: true,
      documents: Array.from({ length: DOCUMENTS }, (_, i) => ({
        documentId: `doc-${i}`,
        documentName: `Document ${i}`,
        ...(i >= DOCUMENTS - RESTRICTED && { accessType: 'restricted' }),
      })),
    },
    headers,
  );
  const start = performance.now();
  const base = Date.now() - 30 * 24 * 3600 * 1000;
  const phases = new Phases();
  await sql.query('BEGIN');
  try {
    // Room to sort each index in memory when it is built again.
    await sql.query(`SET LOCAL maintenance_work_mem = '512MB'`);
    const indexes = await dropIndexes(sql);
    await insertRows(sql, phases, { apiKey, organizationId, count, base });
    await phases.time('indexes', async () => {
      for (const create of indexes) await sql.query(create);
    });
    await sql.query('COMMIT');
  } catch (err) {
    await sql.query('ROLLBACK');
    throw err;
  }
  // As autovacuum would after such a load: statistics, and the visibility map that lets the
  // inbox's keyset walk read its index alone.
  await phases.time('vacuum', () =>
    sql.query(`VACUUM ANALYZE notifications, notification_inbox, documents`),
  );
  const seedMs = performance.now() - start;
  const counted = await sql.query<{ rows: number }>(
    `SELECT count(*)::int AS rows FROM notification_inbox WHERE api_key = $1`,
    [apiKey],
  );
  return {
    organizationId,
    documents: DOCUMENTS,
    users: USERS,
    notifications: count,
    inboxRows: counted.rows[0].rows,
    hotDocument: 'doc-0',
    hotUser: 'user-0',
    seedMs,
    phases: phases.ms,
  };
}

/**
 * Drops the indexes of the two tables, primary keys included, and answers the statements
 * that make them again as they were: a million rows load faster into bare tables, each index
 * then built by one sort rather than a million random inserts. In the caller's transaction,
 * so that no other session sees the tables without them.
 */
async function dropIndexes(sql: Client): Promise<string[]> {
  const { rows } = await sql.query<{
    table: string;
    index: string;
    key: string | null;
    def: string;
  }>(
    `SELECT t.relname AS table, i.relname AS index, c.conname AS key,
       COALESCE(pg_get_constraintdef(c.oid), pg_get_indexdef(i.oid)) AS def
     FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
     LEFT JOIN pg_constraint c ON c.conindid = x.indexrelid AND c.contype = 'p'
     WHERE t.relname IN ('notifications', 'notification_inbox')
       AND t.relnamespace = current_schema()::regnamespace`,
  );
  for (const r of rows) {
    await sql.query(
      r.key ? `ALTER TABLE ${r.table} DROP CONSTRAINT ${r.key}` : `DROP INDEX ${r.index}`,
    );
  }
  return rows.map((r) =>
    r.key ? `ALTER TABLE ${r.table} ADD CONSTRAINT ${r.key} ${r.def}` : r.def,
  );
}

/**
 * The rows (see seedNotifications), by two INSERT ... SELECT. Each record is written as JSON
 * text and parsed once: nesting jsonb_build_object and merging with || costs a third more.
 */
async function insertRows(
  sql: Client,
  phases: Phases,
  { apiKey, organizationId, count, base }: RowsOf,
): Promise<void> {
  await phases.time('notifications', () =>
    sql.query(
      `INSERT INTO notifications (api_key, organization_id, notification_id, document_id,
         location_id, ts, source, notify_all, record, read_by, version)
       SELECT $1, $2, s.id, s.doc, s.loc, s.ts, 'custom', s.everyone,
         ('{"documentId":"' || s.doc || '","notificationSource":"custom"'
           || ',"actionUser":' || s.actor
           || ',"displayHeadlineMessageTemplate":"{actionUser} mentioned you in {documentName}"'
           || ',"displayHeadlineMessageTemplateData":{"actionUser":' || s.actor
           || ',"documentName":"Document ' || substr(s.doc, 5) || '"}'
           || ',"displayBodyMessage":"Could you look at the figures in this section before '
           || 'Friday? (' || s.g || ')","notificationSourceData":{}'
           || ',"notifyUsers":' || r.by_key || ',"notifyUsersByUserId":' || r.by_id
           || ',"notifyAll":' || s.everyone || ',"timestamp":' || s.ts
           || CASE WHEN s.loc IS NULL THEN '' ELSE
                ',"location":{"id":"' || s.loc || '","locationName":"Section ' || s.loc || '"}' END
           || '}')::jsonb,
         CASE WHEN s.g % 5 = 0 AND NOT s.everyone
           THEN ('{"user-' || s.u0 || '":{"at":' || s.ts + 60000 || ',"persist":false}}')::jsonb
           ELSE '{}'::jsonb END,
         1
       FROM generate_series(1, $3::bigint) AS i
       CROSS JOIN LATERAL (SELECT i AS g,
         -- As newNotificationId makes them: 16 bytes, base64url.
         translate(rtrim(encode(decode(md5($4 || i), 'hex'), 'base64'), '='), '+/', '-_') AS id,
         CASE WHEN i % 20 < 3 THEN 'doc-0' ELSE 'doc-' || 1 + (i * 7919) % ${DOCUMENTS - 1} END
           AS doc,
         CASE WHEN i % 3 = 0 THEN 'loc-' || i % 50 END AS loc,
         $5::bigint + (i / 4) * 10000 AS ts,
         i % 50 = 7 AS everyone,
         '{"userId":"user-' || a || '","name":"User ' || a || '","email":"user-' || a
           || '@example.com"}' AS actor,
         u0, u1, u2
       FROM (SELECT (i * 31) % ${USERS} AS a, (i * 7919) % ${USERS} AS u0,
         (i * 7919 + 4729) % ${USERS} AS u1, (i * 7919 + 9458) % ${USERS} AS u2) u) s
       -- Recipients user-(g*7919 + k*4729) for k < 1 + g % 3 (distinct by construction), and
       -- user-0 in 2 of 16; keyed by email in notifyUsers when the number is even.
       CROSS JOIN LATERAL (SELECT
         CASE WHEN s.everyone THEN '{}' ELSE '{' || ${key('s.u0')}
           || CASE WHEN s.g % 3 > 0 THEN ',' || ${key('s.u1')} ELSE '' END
           || CASE WHEN s.g % 3 > 1 THEN ',' || ${key('s.u2')} ELSE '' END
           || CASE WHEN s.g % 16 IN (1, 2) THEN ',"user-0@example.com":true' ELSE '' END
           || '}' END AS by_key,
         CASE WHEN s.everyone THEN '{}' ELSE '{"user-' || s.u0 || '":true'
           || CASE WHEN s.g % 3 > 0 THEN ',"user-' || s.u1 || '":true' ELSE '' END
           || CASE WHEN s.g % 3 > 1 THEN ',"user-' || s.u2 || '":true' ELSE '' END
           || CASE WHEN s.g % 16 IN (1, 2) THEN ',"user-0":true' ELSE '' END
           || '}' END AS by_id) r`,
      [apiKey, organizationId, count, `${apiKey}:`, base],
    ),
  );
  // The projection's rule (addresseesOf): one inbox row per user `notifyUsersByUserId` names,
  // with the notification's document and location.
  await phases.time('inbox', () =>
    sql.query(
      `INSERT INTO notification_inbox (api_key, organization_id, user_id, notification_id,
         document_id, location_id, ts)
       SELECT n.api_key, n.organization_id, u, n.notification_id, n.document_id, n.location_id,
         n.ts
       FROM notifications n
       CROSS JOIN LATERAL jsonb_object_keys(n.record->'notifyUsersByUserId') u
       WHERE n.api_key = $1 AND n.organization_id = $2`,
      [apiKey, organizationId],
    ),
  );
}

/** A `notifyUsers` entry of user number `u` (SQL): by email when the number is even. */
const key = (u: string) =>
  `'"user-' || ${u} || CASE WHEN ${u} % 2 = 0 THEN '@example.com' ELSE '' END || '":true'`;

interface RowsOf {
  apiKey: string;
  organizationId: string;
  count: number;
  base: number;
}

/** Times of the seed's steps, in ms. */
class Phases {
  readonly ms: Record<string, number> = {};
  async time<T>(name: string, step: () => Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      return await step();
    } finally {
      this.ms[name] = performance.now() - start;
    }
  }
}
