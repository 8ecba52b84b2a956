import { Injectable } from '@nestjs/common';
import { AggregateRepository, EventStore, type EventMetadata } from '@app/event-store';
import { type DocumentMove } from '@app/documents';
import type { EntityManager } from 'typeorm';
import {
  Notification,
  NOTIFICATION_STREAM_TYPE,
  notificationStream,
} from '../../domain/notification.aggregate';

/** Notifications moved per append: a document may hold many thousands of them. */
export const NOTIFICATION_MOVE_CHUNK = 1000;

/**
 * Moves every notification of a migrated document to its new id (D6.7), in the caller's
 * transaction, 1000 per append. Found through the document index of `notifications`; one
 * already moved is no longer found there, so running it again moves nothing.
 */
@Injectable()
export class NotificationsMover {
  constructor(
    private readonly store: EventStore,
    private readonly repository: AggregateRepository,
  ) {}

  async move(move: DocumentMove, metadata: EventMetadata, m: EntityManager): Promise<number> {
    const { apiKey, organizationId, fromDocumentId, documentId } = move;
    const rows: { notification_id: string }[] = await m.query(
      `SELECT notification_id FROM notifications
       WHERE api_key = $1 AND organization_id = $2 AND document_id = $3
       ORDER BY notification_id`,
      [apiKey, organizationId, fromDocumentId],
    );
    const at = Date.now();
    for (let i = 0; i < rows.length; i += NOTIFICATION_MOVE_CHUNK) {
      const notifications = rows
        .slice(i, i + NOTIFICATION_MOVE_CHUNK)
        .map(
          (r) => new Notification({ apiKey, organizationId, notificationId: r.notification_id }),
        );
      const streams = notifications.map((n) => notificationStream(n.ref));
      const history = await this.store.readStreams(streams, m);
      notifications.forEach((n, j) => {
        n.load((history.get(streams[j]) ?? []) as never);
        n.move(fromDocumentId, documentId, at);
      });
      await this.repository.save(
        notifications.map((aggregate, j) => ({
          streamId: streams[j],
          streamType: NOTIFICATION_STREAM_TYPE,
          aggregate,
        })),
        metadata,
        m,
      );
    }
    return rows.length;
  }
}
