import { Injectable } from '@nestjs/common';
import { userIdsIn } from '@app/collaboration';
import { EventStore, type RecordedEvent } from '@app/event-store';
import {
  pacer,
  WebhookEvents,
  type WebhookEventSource,
  type WebhookOffer,
  type WebhookSourceEvent,
} from '@app/platform';
import type { EntityManager } from 'typeorm';
import { notificationView } from '../application/common/notification-view';
import { Notification } from '../domain/notification.aggregate';
import {
  NotificationAdded,
  NotificationChanged,
  NotificationDeleted,
  NotificationRead,
  type NotificationContent,
  type NotificationEvent,
  type ReadState,
} from '../domain/notification.events';

/**
 * The webhook event types of notifications. The hosted documentation names none, so they
 * follow the vocabulary of the others (`<source>.<action>`). They are not basic triggers
 * (operation 4 knows the spec's nine): advanced endpoints get them, by `filterTypes` or with
 * no filter.
 */
export const NOTIFICATION_WEBHOOK_EVENTS = {
  add: 'notification.add',
  update: 'notification.update',
  delete: 'notification.delete',
} as const;

const UPDATES: string[] = [NotificationChanged.type, NotificationRead.type];

/** What an update changed, in the words of the hosted update call (D9.5). */
type UpdateChanges = Record<string, unknown> & { readByUserIds?: string[] };

function changesOf(event: NotificationEvent, into: UpdateChanges): UpdateChanges {
  if (NotificationChanged.is(event)) return { ...into, ...event.data.changes };
  if (NotificationRead.is(event)) {
    const readers = new Set([...(into.readByUserIds ?? []), ...event.data.userIds]);
    return { ...into, readByUserIds: [...readers], persistReadForUsers: event.data.persist };
  }
  return into;
}

/**
 * Whether readers see it: a derived notification held back (D9.8: a delay, a batch window) is
 * in no inbox until its delivery replaces it, and webhooks wait for that too.
 */
const isShown = (content: NotificationContent | undefined): content is NotificationContent =>
  content !== undefined &&
  (content as NotificationContent & { heldUntil?: number }).heldUntil === undefined;

/** Every user id the payload names: fields and mentions, and the maps keyed by user. */
function userIdsOf(payload: Record<string, unknown>, content: NotificationContent): string[] {
  const ids = userIdsIn(payload);
  // `notifyUsers` is keyed by email when one was given (D9.2): an id too for those without.
  for (const id of Object.keys(content.notifyUsersByUserId ?? {})) ids.add(id);
  for (const id of Object.keys(content.notifyUsers ?? {})) ids.add(id);
  const data = payload.data as { notification: { readByUserIds: string[] } };
  for (const id of data.notification.readByUserIds) ids.add(id);
  return [...ids];
}

/**
 * Notifications offer their changes to webhooks (module contract): `notification.add` for a
 * notification made or replaced (operation 23, derived ones), `notification.update` for its
 * fields or read state changed, `notification.delete`. The notification is shown as operation
 * 22 shows it, as it was right after the change (before it, for a delete): its stream folded
 * up to that event, so a replay makes the same payload. One hosted update call that changes
 * fields and read state appends two events in one transaction; they make one
 * `notification.update`, offered for the last of them, whose `data.changes` holds both.
 * Moves (a document migration) and erasure send nothing, as for collaboration records; nor
 * does a notification held back, until it is delivered (then `notification.add`).
 */
@Injectable()
@WebhookEvents()
export class NotificationWebhookEvents implements WebhookEventSource {
  readonly handles = [
    NotificationAdded.type,
    NotificationChanged.type,
    NotificationRead.type,
    NotificationDeleted.type,
  ];
  readonly eventTypes = Object.values(NOTIFICATION_WEBHOOK_EVENTS);

  constructor(private readonly store: EventStore) {}

  async offer(events: WebhookSourceEvent[], manager: EntityManager): Promise<WebhookOffer[]> {
    const ids = new Set(events.map((e) => e.eventId));
    // Whole streams: an update's offer looks at the event after it (same transaction or not).
    const streams = await this.store.readStreams(
      [...new Set(events.map((e) => e.streamId))],
      manager,
    );
    const offers = new Map<string, WebhookOffer>();
    const pace = pacer();
    for (const history of streams.values()) {
      const { apiKey, organizationId, notificationId } = (
        history[0] as unknown as NotificationEvent
      ).data;
      const notification = new Notification({ apiKey, organizationId, notificationId });
      let changes: UpdateChanges = {};
      for (const [i, stored] of history.entries()) {
        await pace();
        const event = stored as unknown as NotificationEvent & RecordedEvent;
        const before = notification.content;
        const readBefore: ReadState = { ...notification.readBy };
        notification.load([event]);
        if (UPDATES.includes(event.type)) {
          changes = changesOf(event, changes);
          const next = history[i + 1];
          // The rest of the same call's update comes next: the last event speaks for all.
          if (next && UPDATES.includes(next.type) && next.transactionId === event.transactionId) {
            continue;
          }
        }
        const made = changes;
        changes = {};
        if (!ids.has(event.eventId)) continue;
        const after = notification.content;
        let offer: WebhookOffer | undefined;
        if (NotificationDeleted.is(event)) {
          if (isShown(before)) offer = this.offerOf(event, 'delete', before, readBefore);
        } else if (isShown(after)) {
          offer = NotificationAdded.is(event)
            ? this.offerOf(event, 'add', after, notification.readBy)
            : this.offerOf(event, 'update', after, notification.readBy, made);
        }
        if (offer) offers.set(event.eventId, offer);
      }
    }
    // In the order of the log.
    return events.flatMap((e) => offers.get(e.eventId) ?? []);
  }

  private offerOf(
    event: NotificationEvent & RecordedEvent,
    action: keyof typeof NOTIFICATION_WEBHOOK_EVENTS,
    content: NotificationContent,
    readBy: ReadState,
    changes?: UpdateChanges,
  ): WebhookOffer {
    const { apiKey, organizationId, notificationId, at } = event.data;
    const notification = notificationView({
      api_key: apiKey,
      organization_id: organizationId,
      notification_id: notificationId,
      ts: String(content.timestamp),
      record: content,
      read_by: readBy,
    });
    const { location: _l, ...metadata } = notification.metadata;
    const eventType = NOTIFICATION_WEBHOOK_EVENTS[action];
    const payload = {
      event: eventType,
      actionType: action,
      source: 'notification',
      platform: 'sdk',
      timestamp: at,
      data: { metadata, notification, ...(changes && { changes }) },
    };
    return {
      eventId: event.eventId,
      eventType,
      apiKey,
      organizationId,
      payload,
      userIds: userIdsOf(payload, content),
    };
  }
}
