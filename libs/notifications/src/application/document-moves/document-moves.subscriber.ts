import { Injectable } from '@nestjs/common';
import { DocumentMigrated } from '@app/documents';
import { Subscriber, type EventSubscriber, type RecordedEvent } from '@app/event-store';
import type { EntityManager } from 'typeorm';
import { NotificationsMover } from './notifications-mover';
import { SettingsMover } from './settings-mover';

export const DOCUMENT_MOVES_SUBSCRIPTION = 'notifications.document-moves';

/**
 * A document's notifications and its users' settings follow its migration (D6.7), in the
 * checkpoint's transaction: the migration completes only once this subscriber has handled
 * its DocumentMigrated. A deleted document keeps its notifications (D6.6): deletion is not
 * followed.
 */
@Subscriber()
@Injectable()
export class DocumentMovesSubscriber implements EventSubscriber {
  readonly subscriptionId = DOCUMENT_MOVES_SUBSCRIPTION;
  readonly handles = [DocumentMigrated.type];

  constructor(
    private readonly notifications: NotificationsMover,
    private readonly settings: SettingsMover,
  ) {}

  async handle(events: RecordedEvent[], m: EntityManager): Promise<void> {
    for (const event of events) {
      if (!DocumentMigrated.is(event)) continue;
      const { apiKey, organizationId, documentId, newDocumentId } = event.data;
      // A malformed event throws (and is parked, failing its migration) rather than move nothing.
      for (const [field, value] of Object.entries({
        apiKey,
        organizationId,
        documentId,
        newDocumentId,
      })) {
        if (typeof value !== 'string' || value === '') {
          throw new Error(`Malformed ${event.type}: no ${field}`);
        }
      }
      const move = {
        apiKey,
        organizationId,
        fromDocumentId: documentId,
        documentId: newDocumentId,
      };
      const metadata = { apiKey, actor: 'process:notification-moves', causationId: event.eventId };
      await this.notifications.move(move, metadata, m);
      await this.settings.move(move, metadata, m);
    }
  }
}
