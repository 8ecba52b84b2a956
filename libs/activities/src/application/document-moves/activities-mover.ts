import { Injectable } from '@nestjs/common';
import { AggregateRepository, EventStore, type EventMetadata } from '@app/event-store';
import { type DocumentMove } from '@app/documents';
import type { EntityManager } from 'typeorm';
import { Activity, ACTIVITY_STREAM_TYPE, activityStream } from '../../domain/activity.aggregate';

/** Records moved per append: a document may hold many thousands of them. */
export const ACTIVITY_MOVE_CHUNK = 1000;

/**
 * Moves every activity record of a migrated document to its new id (D6.7), in the caller's
 * transaction, 1000 per append. Found through the document index of `activities`; one
 * already moved is no longer found there, so running it again moves nothing. Immutable
 * records move too: the record is unchanged, only the document it belongs to has a new id.
 */
@Injectable()
export class ActivitiesMover {
  constructor(
    private readonly store: EventStore,
    private readonly repository: AggregateRepository,
  ) {}

  async move(move: DocumentMove, metadata: EventMetadata, m: EntityManager): Promise<number> {
    const { apiKey, organizationId, fromDocumentId, documentId } = move;
    const rows: { activity_id: string }[] = await m.query(
      `SELECT activity_id FROM activities
       WHERE api_key = $1 AND organization_id = $2 AND document_id = $3
       ORDER BY activity_id`,
      [apiKey, organizationId, fromDocumentId],
    );
    const at = Date.now();
    for (let i = 0; i < rows.length; i += ACTIVITY_MOVE_CHUNK) {
      const activities = rows
        .slice(i, i + ACTIVITY_MOVE_CHUNK)
        .map((r) => new Activity({ apiKey, organizationId, activityId: r.activity_id }));
      const streams = activities.map((a) => activityStream(a.ref));
      const history = await this.store.readStreams(streams, m);
      activities.forEach((a, j) => {
        a.load((history.get(streams[j]) ?? []) as never);
        a.move(fromDocumentId, documentId, at);
      });
      await this.repository.save(
        activities.map((aggregate, j) => ({
          streamId: streams[j],
          streamType: ACTIVITY_STREAM_TYPE,
          aggregate,
        })),
        metadata,
        m,
      );
    }
    return rows.length;
  }
}
