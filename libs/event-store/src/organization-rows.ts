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
