import type { EventStore } from '@app/event-store';
import type { ErasureSubject } from '@app/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { ANNOTATION_READ_TYPES, type AnnotationReadData } from '../domain/annotation-reads.events';

/** The task kind of read marks, beside the record kinds. */
export const ANNOTATION_READS_KIND = 'annotation-reads';

/** Organizations of the key where one of the users ever marked an annotation read or unread. */
export async function organizationsWithReads(
  dataSource: DataSource,
  apiKey: string,
  userIds: string[],
): Promise<string[]> {
  const rows: { organization_id: string }[] = await dataSource.query(
    `SELECT DISTINCT data->>'organizationId' AS organization_id FROM events
     WHERE api_key = $1 AND type = ANY($2::text[]) AND data->>'userId' = ANY($3::text[])`,
    [apiKey, ANNOTATION_READ_TYPES, userIds],
  );
  return rows.map((r) => r.organization_id);
}

/**
 * Erases the users' read marks in one organization (D8.3): their rows go, and each of their
 * read events is rewritten without the reader (`erased`, which the projection skips), so a
 * rebuild brings nothing back. Running it again finds nothing left; answers events rewritten.
 */
export async function eraseReads(
  store: EventStore,
  { apiKey, organizationId, userIds }: ErasureSubject,
): Promise<number> {
  return store.transaction(async (m: EntityManager) => {
    await m.query(
      `DELETE FROM collab_annotation_reads
       WHERE api_key = $1 AND organization_id = $2 AND user_id = ANY($3::text[])`,
      [apiKey, organizationId, userIds],
    );
    const events: { event_id: string; data: AnnotationReadData }[] = await m.query(
      `SELECT event_id, data FROM events
       WHERE api_key = $1 AND type = ANY($2::text[]) AND data->>'organizationId' = $3
         AND data->>'userId' = ANY($4::text[])`,
      [apiKey, ANNOTATION_READ_TYPES, organizationId, userIds],
    );
    await store.rewrite(
      m,
      events.map(({ event_id, data: { userId: _erased, ...data } }) => ({
        eventId: event_id,
        data: { ...data, erased: true },
      })),
    );
    return events.length;
  });
}
