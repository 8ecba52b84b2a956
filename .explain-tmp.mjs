import { PGlite } from '@electric-sql/pglite';
const db = await PGlite.create();
await db.exec(`CREATE TABLE events (
        global_position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        event_id uuid NOT NULL UNIQUE default gen_random_uuid(),
        stream_id text NOT NULL,
        stream_version bigint NOT NULL,
        type text NOT NULL,
        data jsonb NOT NULL default '{}',
        transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        UNIQUE (stream_id, stream_version));
CREATE INDEX events_subscription_order_idx ON events (transaction_id, global_position);
CREATE TABLE checkpoints (subscription_id text PRIMARY KEY, position bigint NOT NULL DEFAULT 0, transaction_id xid8 NOT NULL DEFAULT '0');
INSERT INTO events (stream_id, stream_version, type) SELECT 's'||g, 1, 't'||(g%20) FROM generate_series(1,200000) g;
ANALYZE;`);
const last = (await db.query(`select global_position, transaction_id::text t from events order by global_position desc limit 1`)).rows[0];
await db.query(`insert into checkpoints values ('sub', $1, $2::xid8)`, [last.global_position, last.t]);
await db.exec('ANALYZE');
const q0 = `EXPLAIN ANALYZE SELECT EXISTS (
         SELECT 1 FROM events e LEFT JOIN checkpoints c ON c.subscription_id = $1
         WHERE (c.subscription_id IS NULL
                OR (e.transaction_id, e.global_position) > (c.transaction_id, c.position))
           AND ($2::text[] IS NULL OR e.type = ANY($2::text[]))
       ) AS behind`;
for (const p of [['sub', ['t1','t2']], ['sub', null]]) {
  const r = await db.query(q0, p);
  console.log(r.rows.map(x=>x['QUERY PLAN']).join('\n')); console.log('----');
}
const q2 = `EXPLAIN ANALYZE SELECT EXISTS (
   SELECT 1 FROM events e
   WHERE (e.transaction_id, e.global_position) >
         (COALESCE((SELECT transaction_id FROM checkpoints WHERE subscription_id = $1), '0'::xid8),
          COALESCE((SELECT position FROM checkpoints WHERE subscription_id = $1), 0))
     AND ($2::text[] IS NULL OR e.type = ANY($2::text[]))) AS behind`;
for (const p of [['sub', ['t1','t2']], ['sub', null]]) {
  const r = await db.query(q2, p);
  console.log(r.rows.map(x=>x['QUERY PLAN']).join('\n')); console.log('----');
}
const cp = (await db.query(`select position, transaction_id::text t from checkpoints where subscription_id='sub'`)).rows[0];
const q3 = `EXPLAIN ANALYZE SELECT EXISTS (SELECT 1 FROM events
   WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
     AND ($3::text[] IS NULL OR type = ANY($3::text[]))) AS behind`;
for (const t of [['t1','t2'], null]) {
  const r = await db.query(q3, [cp.t, cp.position, t]);
  console.log(r.rows.map(x=>x['QUERY PLAN']).join('\n')); console.log('----');
}
const q4 = `EXPLAIN ANALYZE SELECT position FROM events
   WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
     AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
     AND ($3::text[] IS NULL OR type = ANY($3::text[])) ORDER BY transaction_id, global_position LIMIT 500`;
