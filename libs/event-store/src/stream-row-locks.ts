import type { EntityManager } from 'typeorm';

/**
 * Holds the `streams` rows of `streamIds` until the transaction ends, with the lock the
 * version bump of an append takes: another writer's append to them waits for this commit,
 * and what is read after this returns is what the append is checked against. Rows are
 * locked in sorted order, so two holders of overlapping sets do not deadlock. A stream not
 * created yet has no row to hold.
 */
export async function lockStreamRows(
  m: EntityManager,
  streamIds: readonly string[],
): Promise<void> {
  if (streamIds.length === 0) return;
  await m.query(
    `SELECT stream_id FROM streams WHERE stream_id = ANY($1::text[])
     ORDER BY stream_id FOR NO KEY UPDATE`,
    [streamIds],
  );
}
