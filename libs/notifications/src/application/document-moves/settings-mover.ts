import { Injectable } from '@nestjs/common';
import { AggregateRepository, EventStore, type EventMetadata } from '@app/event-store';
import type { DocumentMove } from '@app/documents';
import type { EntityManager } from 'typeorm';
import {
  NOTIFICATION_SETTINGS_STREAM_TYPE,
  notificationSettingsStream,
  UserNotificationSettings,
} from '../../domain/notification-settings.aggregate';
import { NOTIFICATION_MOVE_CHUNK } from './notifications-mover';

/**
 * Moves users' settings of a migrated document to its new id (D6.7), in the caller's
 * transaction, 1000 users per append. A settings stream is named by its document, so each
 * user's settings leave the old stream and are set on the new one (unless the user already
 * set some there: those stay). A row already moved is gone from the old id: running it again
 * moves nothing.
 */
@Injectable()
export class SettingsMover {
  constructor(
    private readonly store: EventStore,
    private readonly repository: AggregateRepository,
  ) {}

  async move(move: DocumentMove, metadata: EventMetadata, m: EntityManager): Promise<number> {
    const { apiKey, organizationId, fromDocumentId, documentId } = move;
    // The document level only: organization-level rows ('') never name a document.
    if (fromDocumentId === '') return 0;
    const rows: { user_id: string }[] = await m.query(
      `SELECT user_id FROM notification_settings
       WHERE api_key = $1 AND organization_id = $2 AND document_id = $3
       ORDER BY user_id`,
      [apiKey, organizationId, fromDocumentId],
    );
    const at = Date.now();
    for (let i = 0; i < rows.length; i += NOTIFICATION_MOVE_CHUNK) {
      const pairs = rows.slice(i, i + NOTIFICATION_MOVE_CHUNK).map(({ user_id: userId }) => {
        const ref = { apiKey, organizationId, userId };
        return [
          new UserNotificationSettings({ ...ref, documentId: fromDocumentId }),
          new UserNotificationSettings({ ...ref, documentId }),
        ] as const;
      });
      const all = pairs.flat();
      const streams = all.map((s) => notificationSettingsStream(s.ref));
      const history = await this.store.readStreams(streams, m);
      all.forEach((s, j) => s.load((history.get(streams[j]) ?? []) as never));
      for (const [source, target] of pairs) source.moveTo(target, at);
      await this.repository.save(
        all.map((aggregate, j) => ({
          streamId: streams[j],
          streamType: NOTIFICATION_SETTINGS_STREAM_TYPE,
          aggregate,
        })),
        metadata,
        m,
      );
    }
    return rows.length;
  }
}
