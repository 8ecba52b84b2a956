import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { Client } from 'pg';
import { createTestDatabase, dropTestDatabase, waitFor } from '@app/testing';
import { freePort } from './support/free-port';
import { BUILT_MAIN, ServerProcess } from './support/server-process';

// Three instances of the built server on one Postgres database and one Redis, as behind a load
// balancer (docs/operating.md "Deployment"): writes spread over all three, a document migration and a
// user data deletion started on different instances, each job done once, each subscriber
// effect once, and the same answers from every instance.
const skipped =
  !process.env.DATABASE_URL || !process.env.REDIS_URL
    ? 'DATABASE_URL and REDIS_URL are not both set (the embedded database serves one process only, by design)'
    : undefined;
if (skipped) console.warn(`scale-out: skipped, ${skipped}`);

const INSTANCES = 3;
const ORGS = 6;
const DOCS = 6; // per organization
const HOT_COMMENTS = 9; // comments added at once to one annotation, three per instance
const START_TIMEOUT_MS = 90_000;

type Headers = Record<string, string>;
interface Reply {
  status: number;
  body: any;
}

const victim = { userId: 'scale-victim', name: 'Vic Scale', email: 'vic.scale@example.org' };
const org = (i: number) => `scale-org-${i}`;
const doc = (j: number) => `d${j}`;
const author = (i: number, j: number) => ({
  userId: `author-${i}-${j}`,
  name: `Author ${i}.${j}`,
  email: `author-${i}-${j}@example.org`,
});
const member = (i: number, k: number) => ({
  userId: `member-${i}-${k}`,
  name: `Member ${i}.${k}`,
  email: `member-${i}-${k}@example.org`,
});

async function post(url: string, path: string, data: unknown, headers: Headers = {}) {
  const res = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ data }),
  });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, body } as Reply;
}

async function sql<T = any>(databaseUrl: string, text: string, values: unknown[] = []) {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Deletes this run's queue keys, and only those, from the shared Redis. */
async function deleteQueueKeys(redisUrl: string, prefix: string): Promise<number> {
  const { default: Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  let deleted = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) deleted += await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return deleted;
}

(skipped ? describe.skip : describe)('three instances on one Postgres and one Redis', () => {
  let databaseUrl: string | undefined;
  const queuePrefix = `scale_${process.pid}_${randomBytes(3).toString('hex')}`;
  const servers: ServerProcess[] = [];
  const logs = () =>
    servers.map((s, n) => `--- instance ${n} (${s.url}) ---\n${s.log.slice(-4000)}`).join('\n');

  beforeAll(async () => {
    if (!existsSync(BUILT_MAIN)) {
      throw new Error(
        `scale-out runs the built server, and ${BUILT_MAIN} is missing: run \`npm run build\` first`,
      );
    }
    databaseUrl = await createTestDatabase(process.env.DATABASE_URL!);
  });

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.kill()));
    if (databaseUrl) await dropTestDatabase(databaseUrl);
    await deleteQueueKeys(process.env.REDIS_URL!, queuePrefix);
  });

  it('takes writes on every instance, runs each job and subscriber effect once, and reads the same everywhere', async () => {
    const started = Date.now();
    const secrets = {
      DATABASE_URL: databaseUrl!,
      REDIS_URL: process.env.REDIS_URL!,
      QUEUE_PREFIX: queuePrefix,
      SERVICE_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      ADMIN_TOKEN: `adm_${randomBytes(16).toString('hex')}`,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    };
    const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));

    // Started together on an empty database: their migrations race.
    const starting = ports.map((port) =>
      ServerProcess.start(BUILT_MAIN, { ...secrets, PORT: String(port) }, START_TIMEOUT_MS),
    );
    const outcomes = await Promise.allSettled(starting);
    for (const outcome of outcomes) if (outcome.status === 'fulfilled') servers.push(outcome.value);
    const failures = outcomes.filter((o) => o.status === 'rejected');
    if (failures.length > 0) {
      throw new Error(
        `${failures.length} of ${INSTANCES} instances did not start together:\n` +
          failures.map((f) => String((f as PromiseRejectedResult).reason)).join('\n'),
      );
    }
    const [a, b, c] = servers;
    // Their migrations ran one at a time: none failed and had to be retried by TypeORM's module.
    for (const server of servers) {
      expect(server.log).not.toMatch(/Migration .* failed|Unable to connect to the database/);
    }
    const startedAt = Date.now() - started;

    // Workspace, API key and auth token through instance A.
    const created = await post(
      a.url,
      '/v2/workspace/create',
      { ownerEmail: 'scale@example.com', name: 'Scale' },
      { 'x-service-admin-token': secrets.ADMIN_TOKEN },
    );
    expect(created.status).toBe(200);
    const { id, authToken, apiKeyList } = created.body.result.data;
    const apiKey = Object.keys(apiKeyList)[0];
    const tokens = await post(
      b.url,
      '/v2/workspace/authtokens/get',
      { apiKey },
      { 'x-service-workspace-id': id, 'x-service-auth-token': authToken },
    );
    expect(tokens.status).toBe(200);
    const h: Headers = {
      'x-service-api-key': apiKey,
      'x-service-auth-token': tokens.body.result.data.authTokens[0].token,
    };

    // Writes go round-robin over the instances, each phase all at once; every one lands at
    // the first try (a write that loses a race on a stream is decided again by the server).
    let writes = 0;
    let next = 0;
    const write = async (path: string, data: unknown): Promise<Reply> => {
      const server = servers[next++ % INSTANCES];
      writes++;
      const res = await post(server.url, path, data, h);
      if (res.status !== 200 && res.status !== 202) {
        throw new Error(`${path} on ${server.url}: ${res.status} ${JSON.stringify(res.body)}`);
      }
      return res;
    };
    const orgIds = Array.from({ length: ORGS }, (_, i) => i);
    const docIds = Array.from({ length: DOCS }, (_, j) => j);
    const half = (j: number) => (j < DOCS / 2 ? 'fa' : 'fb');
    const authors = new Set<string>(); // organization/user of every author of collaboration data

    // 1. Organizations.
    await Promise.all(
      orgIds.map((i) =>
        write('/v1/organizations/add', {
          organizations: [{ organizationId: org(i), organizationName: `Org ${i}`, tier: i }],
        }),
      ),
    );
    // 2. Documents in two folders per organization; members (and the victim in three).
    await Promise.all([
      ...orgIds.flatMap((i) =>
        ['fa', 'fb'].map((folderId) =>
          write('/v2/organizations/documents/add', {
            organizationId: org(i),
            folderId,
            createFolder: true,
            documents: docIds
              .filter((j) => half(j) === folderId)
              .map((j) => ({ documentId: doc(j), documentName: `Doc ${i}.${j}` })),
          }),
        ),
      ),
      ...orgIds.map((i) =>
        write('/v2/users/add', {
          organizationId: org(i),
          users: [0, 1, 2].map((k) => member(i, k)).concat(i < 3 ? [victim] : []),
        }),
      ),
    ]);
    // 3. Collaboration data in every document, by authors who are not users yet (the
    //    known-authors subscriber adds them); the victim writes in d1 of three organizations.
    await Promise.all(
      orgIds.flatMap((i) =>
        docIds.flatMap((j) => {
          const by = author(i, j % 3);
          const reactor = author(i, 3 + (j % 2));
          authors.add(`${org(i)}/${by.userId}`).add(`${org(i)}/${reactor.userId}`);
          const annotations = [
            { annotationId: 'a-0', commentData: [{ commentText: `On ${doc(j)}`, from: by }] },
          ];
          if (i < 3 && j === 1) {
            annotations.push({
              annotationId: 'victim-note',
              commentData: [{ commentText: 'Mine', from: victim }],
            });
          }
          const place = { organizationId: org(i), documentId: doc(j) };
          return [
            write('/v2/commentannotations/add', { ...place, commentAnnotations: annotations }),
            write('/v2/reactions/add', {
              ...place,
              reactions: [{ reactionId: `r-${j}`, icon: 'UP', from: reactor }],
            }),
            write('/v2/users/add', { ...place, users: [member(i, j % 3)] }),
          ];
        }),
      ),
    );
    // 4. One annotation, many writers at once on every instance: no comment lost.
    const hot = { organizationId: org(1), documentId: doc(0), annotationId: 'a-0' };
    const hotIds = await Promise.all(
      Array.from({ length: HOT_COMMENTS }, (_, n) => {
        const by = author(1, 10 + n);
        authors.add(`${org(1)}/${by.userId}`);
        return write('/v2/commentannotations/comments/add', {
          ...hot,
          commentData: [{ commentText: `Hot ${n}`, from: by }],
        }).then((res) => res.body.result.data[0] as number);
      }),
    );
    expect([...hotIds].sort((x, y) => x - y)).toEqual(
      Array.from({ length: HOT_COMMENTS }, (_, n) => n + 2),
    );

    // A migration started on B and a deletion started on C, polled on the others.
    const migrated = { organizationId: org(0), documentId: doc(0), newDocumentId: 'd0-moved' };
    const [migration, deletion] = await Promise.all([
      post(b.url, '/v2/organizations/documents/migrate', migrated, h),
      post(c.url, '/v2/users/data/delete', { userIds: [victim.userId] }, h),
    ]);
    expect(migration.status).toBe(200);
    expect(deletion.status).toBe(202);
    const migrationId: string = migration.body.result.data.migrationId;
    const { jobId, tasksCount } = deletion.body.data;
    const migrationStatus = (server: ServerProcess) =>
      post(
        server.url,
        '/v2/organizations/documents/migrate/status',
        { organizationId: org(0), migrationId },
        h,
      );
    const deletionStatus = (server: ServerProcess) =>
      post(server.url, '/v1/users/data/delete/status', { jobId }, h);
    let polls = 0;
    const [migrationDone, deletionDone] = await Promise.all([
      waitFor(
        async () => {
          const res = await migrationStatus(servers[[2, 0][polls++ % 2]]);
          const status = res.body.result?.data?.status;
          if (status === 'failed') throw new Error(`migration failed: ${JSON.stringify(res.body)}`);
          return status === 'completed' ? res.body.result.data : undefined;
        },
        60_000,
        200,
      ),
      waitFor(
        async () => {
          const res = await deletionStatus(servers[[0, 1][polls++ % 2]]);
          return res.body.result?.data?.isDeleteCompleted ? res.body.result.data : undefined;
        },
        60_000,
        200,
      ),
    ]).catch((err) => {
      throw new Error(`${String(err)}\n${logs()}`);
    });
    expect(migrationDone).toMatchObject({ status: 'completed', newDocumentId: 'd0-moved' });
    expect(deletionDone).toMatchObject({ isDeleteCompleted: true, tasksLeft: 0 });

    // Quiet: no job left pending, every subscription past the last event.
    const db = (text: string, values: unknown[] = []) => sql(databaseUrl!, text, values);
    await waitFor(
      async () => {
        const [row] = await db(
          `SELECT (SELECT count(*) FROM jobs WHERE status = 'pending')::int AS pending,
             (SELECT count(*) FROM checkpoints c WHERE EXISTS (SELECT 1 FROM events e
                WHERE (e.transaction_id, e.global_position) > (c.transaction_id, c.position)))::int AS behind`,
        );
        return row.pending === 0 && row.behind === 0 ? true : undefined;
      },
      30_000,
      200,
    );

    // Every job completed, once: one ledger row each, none failed, attempts within bounds.
    const jobs = await db(
      `SELECT name, status, count(*)::int AS count, max(attempts)::int AS attempts,
         min(max_attempts)::int AS max_attempts FROM jobs GROUP BY name, status ORDER BY name`,
    );
    for (const job of jobs) {
      expect(job).toMatchObject({ status: 'completed' });
      expect(job.attempts).toBeLessThan(job.max_attempts);
    }
    const jobCount = jobs.reduce((sum, j) => sum + j.count, 0);
    const [ledger] = await db(
      `SELECT count(*)::int AS rows, count(DISTINCT job_id)::int AS ids FROM jobs`,
    );
    expect(ledger.rows).toBe(ledger.ids);

    // The process managers' streams: one completion each, one completion per deletion task.
    const eventsOf = async (type: string, field: string, value: string) =>
      (
        await db(`SELECT data FROM events WHERE type = $1 AND data->>'${field}' = $2`, [
          type,
          value,
        ])
      ).map((r) => r.data);
    expect(
      await eventsOf('documents.migration-completed', 'migrationId', migrationId),
    ).toHaveLength(1);
    expect(
      await eventsOf('documents.migration-document-moved', 'migrationId', migrationId),
    ).toHaveLength(1);
    expect(await eventsOf('documents.document-migrated', 'migrationId', migrationId)).toHaveLength(
      1,
    );
    expect(await eventsOf('gdpr.deletion-completed', 'jobId', jobId)).toHaveLength(1);
    const taskDone = await eventsOf('gdpr.deletion-task-completed', 'jobId', jobId);
    expect(taskDone).toHaveLength(tasksCount);
    expect(new Set(taskDone.map((e) => e.index)).size).toBe(tasksCount);

    // Subscriber effects, once each. Known authors: one user added per author and organization.
    const knownAuthors = await db(
      `SELECT data->>'organizationId' AS org, data->>'userId' AS user_id, count(*)::int AS count
       FROM events WHERE type = 'users.user-added' AND metadata->>'actor' = 'process:known-authors'
       GROUP BY 1, 2`,
    );
    expect(knownAuthors.filter((r) => r.count !== 1)).toEqual([]);
    expect(knownAuthors.map((r) => `${r.org}/${r.user_id}`).sort()).toEqual([...authors].sort());
    const twiceAdded = await db(
      `SELECT stream_id FROM events WHERE type = 'users.user-added' GROUP BY stream_id HAVING count(*) > 1`,
    );
    expect(twiceAdded).toEqual([]);
    // The migrated document's data: every record moved once, none left behind.
    const moved = await db(
      `SELECT stream_id, count(*)::int AS count FROM events
       WHERE type = 'collaboration.record-moved' AND data->>'fromDocumentId' = $1 GROUP BY stream_id`,
      [doc(0)],
    );
    const [records] = await db(
      `SELECT count(*) FILTER (WHERE document_id = 'd0-moved')::int AS moved,
              count(*) FILTER (WHERE document_id = 'd0')::int AS left
       FROM collab_records WHERE organization_id = $1`,
      [org(0)],
    );
    expect(records).toEqual({ moved: 2, left: 0 }); // its annotation and its reaction
    expect(moved.filter((r) => r.count !== 1)).toEqual([]);
    expect(moved).toHaveLength(records.moved);
    // Nothing parked, no event stored twice, nothing of the victim in the users table.
    expect(await db(`SELECT subscription_id, type, error FROM parked_events`)).toEqual([]);
    expect(await db(`SELECT event_id FROM events GROUP BY event_id HAVING count(*) > 1`)).toEqual(
      [],
    );
    expect(await db(`SELECT user_id FROM users WHERE user_id = $1`, [victim.userId])).toEqual([]);

    // Every instance answers every read the same.
    const reads: [string, unknown][] = [
      ['/v2/organizations/get', { pageSize: 100 }],
      ['/v1/users/data/delete/status', { jobId }],
      ['/v2/organizations/documents/migrate/status', { organizationId: org(0), migrationId }],
      ...orgIds.flatMap((i): [string, unknown][] => [
        [
          '/v1/organizations/documents/get',
          { organizationId: org(i), documentIds: [...docIds.map(doc), 'd0-moved'] },
        ],
        ['/v2/users/get', { organizationId: org(i) }],
        ['/v2/users/get', { organizationId: org(i), documentId: doc(0) }],
        ['/v2/commentannotations/get', { organizationId: org(i) }],
      ]),
    ];
    for (const [path, data] of reads) {
      const answers = await Promise.all(servers.map((s) => post(s.url, path, data, h)));
      expect(answers[0].status).toBe(200);
      for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
    }
    const hotThread = (
      await post(
        c.url,
        '/v2/commentannotations/get',
        { organizationId: org(1), documentId: doc(0) },
        h,
      )
    ).body.result.data.find((x: { annotationId: string }) => x.annotationId === 'a-0');
    expect(hotThread.comments).toHaveLength(1 + HOT_COMMENTS);

    console.log(
      `scale-out: ${INSTANCES} instances started together in ${startedAt} ms; ${writes} writes, ` +
        `${jobCount} jobs ` +
        `(${jobs.map((j) => `${j.name} ${j.count}`).join(', ')}), ${tasksCount} deletion tasks, ` +
        `${knownAuthors.length} known authors, ${moved.length} records moved, ${reads.length} reads ` +
        `compared; ${Date.now() - started} ms in all`,
    );
  }, 240_000);
});
