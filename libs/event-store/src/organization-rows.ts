import type { EntityManager } from 'typeorm';
import { streamId } from './stream-id';

export interface OrganizationData {
  /** Read tables with `api_key` and `organization_id` columns. */
  tables: readonly string[];
  /** Stream types whose ids start with the API key, then the organization id. */
  streamTypes: readonly string[];
}

/**
 * Deletes one organization's data of a library (D6.9): its rows of the library's read tables,
 * and every stream of the given types in the organization, records deleted before included,
 * so an organization added again with the same id starts empty (its aggregates remember
 * nothing) and no copy of the data stays in the log. Runs in the caller's transaction (a
 * subscriber's checkpoint), so a redelivered deletion finds nothing left and does nothing.
 * The streams are found through the log's tenant index (`api_key`), never other keys' events.
 */
export async function deleteOrganizationData(
  m: EntityManager,
  ref: { apiKey: string; organizationId: string },
  { tables, streamTypes }: OrganizationData,
): Promise<void> {
  for (const table of tables) {
    await m.query(`DELETE FROM ${table} WHERE api_key = $1 AND organization_id = $2`, [
      ref.apiKey,
      ref.organizationId,
    ]);
  }
  if (streamTypes.length === 0) return;
  // Ids are encoded segment by segment (no ':' inside one), so a prefix names one organization.
  const prefixes = streamTypes.map((type) => `${streamId(type, ref.apiKey, ref.organizationId)}:`);
  await m.query(
    `WITH gone AS (
       DELETE FROM events
       WHERE api_key = $1 AND EXISTS (SELECT 1 FROM unnest($2::text[]) p WHERE starts_with(stream_id, p))
       RETURNING stream_id)
     DELETE FROM streams WHERE stream_id IN (SELECT stream_id FROM gone)`,
    [ref.apiKey, prefixes],
  );
}

/** A table name from a library's code, checked before it goes into SQL. */
const TABLE_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * One short step of an organization's deletion (D6.9), for a job that loops until it answers
 * 0: deletes at most `limit` rows of the first table that has some, or, once the tables are
 * empty, the whole streams (events and stream rows) of about `limit` of the organization's
 * events of the given types. Answers how many rows or events it deleted. Each step commits
 * on its own, so a crash loses at most one step, which the next run does again.
 */
export async function deleteOrganizationChunk(
  m: EntityManager,
  ref: { apiKey: string; organizationId: string },
  { tables, streamTypes }: OrganizationData,
  limit: number,
): Promise<number> {
  for (const table of tables) {
    if (!TABLE_NAME.test(table)) throw new Error(`Not a table name: ${table}`);
    const [{ n }]: { n: number }[] = await m.query(
      `WITH gone AS (
         DELETE FROM ${table} WHERE ctid IN (
           SELECT ctid FROM ${table} WHERE api_key = $1 AND organization_id = $2 LIMIT $3)
         RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [ref.apiKey, ref.organizationId, limit],
    );
    if (n > 0) return n;
  }
  if (streamTypes.length === 0) return 0;
  const prefixes = streamTypes.map((type) => `${streamId(type, ref.apiKey, ref.organizationId)}:`);
  // Whole streams, so no aggregate is ever left with half its history.
  const [{ n }]: { n: number }[] = await m.query(
    `WITH picked AS (
       SELECT DISTINCT stream_id FROM (
         SELECT stream_id FROM events
         WHERE api_key = $1
           AND EXISTS (SELECT 1 FROM unnest($2::text[]) p WHERE starts_with(stream_id, p))
         LIMIT $3) found),
     gone AS (DELETE FROM events WHERE stream_id IN (SELECT stream_id FROM picked) RETURNING 1),
     streams_gone AS (DELETE FROM streams WHERE stream_id IN (SELECT stream_id FROM picked))
     SELECT count(*)::int AS n FROM gone`,
    [ref.apiKey, prefixes, limit],
  );
  return n;
}
