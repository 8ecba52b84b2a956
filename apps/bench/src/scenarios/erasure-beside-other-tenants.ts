import { performance } from 'node:perf_hooks';
import { DataSource } from 'typeorm';
import { COLLABORATION_EVENTS } from '@app/collaboration';
import { apiKeyHeaders, type BenchServer } from '../bench-server';

export interface IsolationFigures {
  records: number;
  otherEvents: number;
  insertMs: number;
  /** Op 16 + 17 times (ms) with no other tenant's events in the log, then beside them. */
  alone: number[];
  beside: number[];
}

/**
 * The same user data deletion (op 16, polled with op 17) of a user with `records` comment
 * annotations, on a log with only its own tenant's events, then after `otherEvents` events of
 * 1000 other API keys were added: erasure must find a key's events by index, so the second
 * should take about as long as the first. Each side is a fresh tenant, measured `runs` times
 * after one warm-up deletion.
 */
export async function eraseBesideOtherTenants(
  server: BenchServer,
  { records, otherEvents, runs }: { records: number; otherEvents: number; runs: number },
): Promise<IsolationFigures> {
  const alone = await deletions(server, 'alone', records, runs);
  const insertMs = await addOtherTenantsEvents(server, otherEvents);
  const beside = await deletions(server, 'beside', records, runs);
  return { records, otherEvents, insertMs, alone, beside };
}

async function deletions(server: BenchServer, label: string, records: number, runs: number) {
  const h = await apiKeyHeaders(server);
  const place = { organizationId: `iso-${label}`, documentId: 'doc' };
  await server.post(
    '/v2/organizations/documents/add',
    { organizationId: place.organizationId, createOrganization: true, documents: [place] },
    h,
  );
  const times: number[] = [];
  for (let run = -1; run < runs; run++) {
    const ms = await deleteOne(server, h, place, `${label}-user-${run + 1}`, records);
    if (run >= 0) times.push(ms);
  }
  return times;
}

/** Seeds `records` annotations by a user (beside another's), then times op 16 until 17 says done. */
async function deleteOne(
  server: BenchServer,
  h: Record<string, string>,
  place: { organizationId: string; documentId: string },
  userId: string,
  records: number,
): Promise<number> {
  const user = { userId, name: `Name ${userId}`, email: `${userId}@example.com` };
  const other = { userId: `other-of-${userId}`, name: 'Other', email: 'other@example.com' };
  await server.post(
    '/v2/commentannotations/add',
    {
      ...place,
      commentAnnotations: [
        ...Array.from({ length: records }, (_, i) => ({
          annotationId: `${userId}-a-${i}`,
          commentData: [{ commentText: `Note ${i} for {{${other.userId}}}`, from: user }],
        })),
        { annotationId: `${userId}-kept`, commentData: [{ commentText: 'kept', from: other }] },
      ],
    },
    h,
  );
  const start = performance.now();
  const started = await server.post('/v2/users/data/delete', { userIds: [userId] }, h);
  for (;;) {
    const status = await server.post(
      '/v1/users/data/delete/status',
      { jobId: started.data.jobId },
      h,
    );
    if (status.result.data.isDeleteCompleted) return performance.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The model of other tenants' events: the last annotation seeded beside a deleted user's. */
const TEMPLATE = `e.type = '${COLLABORATION_EVENTS.CommentAnnotationCreated.type}'
  AND e.data::text LIKE '%-kept%'`;

/**
 * `count` events of 1000 other API keys, in one INSERT ... SELECT: copies of a real
 * collaboration event (whatever its type and shape now), each in a stream of its own, with
 * the other key in its payload, metadata and column. Then every subscription's checkpoint is
 * put past them (they stand for work other tenants did long ago, not a backlog) and the
 * table analyzed, as autovacuum would after such a load.
 */
async function addOtherTenantsEvents(server: BenchServer, count: number): Promise<number> {
  const db = server.app.get(DataSource);
  const start = performance.now();
  await db.transaction(async (m) => {
    await m.query(
      `CREATE TEMP TABLE bench_other ON COMMIT DROP AS
       SELECT g, 'other-key-' || (g % 1000) AS api_key,
              'bench-other:' || (g % 1000) || ':' || g AS stream_id
       FROM generate_series(1, $1::int) AS g`,
      [count],
    );
    await m.query(
      `INSERT INTO streams (stream_id, stream_type, version)
       SELECT o.stream_id, s.stream_type, 1
       FROM bench_other o,
            (SELECT s.stream_type FROM events e JOIN streams s USING (stream_id)
             WHERE ${TEMPLATE} ORDER BY e.global_position DESC LIMIT 1) s`,
    );
    await m.query(
      `INSERT INTO events (event_id, stream_id, stream_version, type, schema_version, data, metadata, api_key)
       SELECT gen_random_uuid(), o.stream_id, 1, t.type, t.schema_version,
              t.data || jsonb_build_object('apiKey', o.api_key, 'recordId', 'r-' || o.g),
              jsonb_build_object('apiKey', o.api_key, 'actor', 'api-key:' || o.api_key),
              o.api_key
       FROM bench_other o,
            (SELECT type, schema_version, data FROM events e WHERE ${TEMPLATE}
             ORDER BY global_position DESC LIMIT 1) t`,
    );
  });
  const insertMs = performance.now() - start;
  await db.query(
    `UPDATE checkpoints c SET position = e.global_position, transaction_id = e.transaction_id
     FROM (SELECT transaction_id, global_position FROM events
           ORDER BY transaction_id DESC, global_position DESC LIMIT 1) e
     WHERE (c.transaction_id, c.position) < (e.transaction_id, e.global_position)`,
  );
  await db.query(`ANALYZE events`);
  return insertMs;
}
