import { Injectable } from '@nestjs/common';
import { DocumentMigrated, documentMoveOf } from '@app/documents';
import { Subscriber, type EventSubscriber, type RecordedEvent } from '@app/event-store';
import type { EntityManager } from 'typeorm';
import { SettingsMover } from './settings-mover';

export const DOCUMENT_MOVES_SUBSCRIPTION = 'notifications.document-moves';

/**
 * A document's per-user settings follow its migration (D6.7), in the checkpoint's
 * transaction: the migration completes only once this subscriber has handled its
 * DocumentMigrated. The notifications themselves are moved by the derived-notifications
 * subscriber, in log order with the changes it derives (one mover, so no two transactions
 * race on the same streams). A deleted document keeps its notifications (D6.6): deletion is
 * not followed.
 */
@Subscriber()
@Injectable()
export class DocumentMovesSubscriber implements EventSubscriber {
  readonly subscriptionId = DOCUMENT_MOVES_SUBSCRIPTION;
  readonly handles = [DocumentMigrated.type];

  constructor(private readonly settings: SettingsMover) {}

  async handle(events: RecordedEvent[], m: EntityManager): Promise<void> {
    for (const event of events) {
      if (!DocumentMigrated.is(event)) continue;
      const move = documentMoveOf(event);
      const metadata = {
        apiKey: move.apiKey,
        actor: 'process:notification-moves',
        causationId: event.eventId,
      };
      await this.settings.move(move, metadata, m);
    }
  }
}
