import { Injectable } from '@nestjs/common';
import { userIdsIn } from '@app/collaboration';
import { EventStore } from '@app/event-store';
import {
  pacer,
  WebhookEvents,
  type WebhookEventSource,
  type WebhookOffer,
  type WebhookSourceEvent,
} from '@app/platform';
import type { EntityManager } from 'typeorm';
import { Activity } from '../domain/activity.aggregate';
import {
  ActivityAmended,
  ActivityDeleted,
  ActivityLogged,
  type ActivityAmendment,
  type ActivityContent,
  type ActivityEvent,
  type ActivityRef,
} from '../domain/activity.events';
import { peopleIn } from '../domain/activity-people';
import { activityView } from '../domain/activity-view';

/**
 * The webhook event types of activity records. The hosted documentation names none, so they
 * follow the vocabulary of the others (`<source>.<action>`). They are not basic triggers
 * (operation 4 knows the spec's nine): advanced endpoints get them, by `filterTypes` or with
 * no filter.
 */
export const ACTIVITY_WEBHOOK_EVENTS = {
  add: 'activity.add',
  update: 'activity.update',
  delete: 'activity.delete',
} as const;

type Action = keyof typeof ACTIVITY_WEBHOOK_EVENTS;

const refOf = ({ apiKey, organizationId, activityId }: ActivityRef): ActivityRef => ({
  apiKey,
  organizationId,
  activityId,
});

/**
 * Activity records offer their changes to webhooks (module contract): `activity.add` for a
 * record logged or replaced (operation 18, and the records derived from collaboration changes,
 * which are logged the same way), `activity.update` for operation 19's change (its fields in
 * `data.changes`), `activity.delete`. The record is shown as `/v2/activities/get` shows it, as
 * it was right after the change (before it, for a delete): a logged record is whole in its
 * event, an amended or deleted one is its stream folded up to that event, so a replay makes the
 * same payload. Moves (a document migration) and erasure send nothing, as for collaboration
 * records and notifications.
 */
@Injectable()
@WebhookEvents()
export class ActivityWebhookEvents implements WebhookEventSource {
  readonly handles = [ActivityLogged.type, ActivityAmended.type, ActivityDeleted.type];
  readonly eventTypes = Object.values(ACTIVITY_WEBHOOK_EVENTS);

  constructor(private readonly store: EventStore) {}

  async offer(events: WebhookSourceEvent[], manager: EntityManager): Promise<WebhookOffer[]> {
    const wanted = new Set(events.map((e) => e.eventId));
    // Only amendments and deletes need the record around them: their streams, in one query.
    const folded = events.filter((e) => e.type !== ActivityLogged.type).map((e) => e.streamId);
    const streams = await this.store.readStreams([...new Set(folded)], manager);
    const offers = new Map<string, WebhookOffer>();
    const pace = pacer();
    for (const event of events as unknown as (ActivityEvent & WebhookSourceEvent)[]) {
      await pace();
      if (!ActivityLogged.is(event)) continue;
      const { apiKey: _a, organizationId: _o, activityId: _i, ...content } = event.data;
      offers.set(event.eventId, this.offerOf(event, 'add', content, content.timestamp));
    }
    for (const history of streams.values()) {
      const activity = new Activity(refOf((history[0] as unknown as ActivityEvent).data));
      for (const stored of history) {
        await pace();
        const event = stored as unknown as ActivityEvent & WebhookSourceEvent;
        const before = activity.content;
        activity.load([event]);
        if (!wanted.has(event.eventId)) continue;
        if (ActivityAmended.is(event) && activity.content) {
          const { amendment, at } = event.data;
          offers.set(event.eventId, this.offerOf(event, 'update', activity.content, at, amendment));
        } else if (ActivityDeleted.is(event) && before) {
          offers.set(event.eventId, this.offerOf(event, 'delete', before, event.data.at));
        }
      }
    }
    // In the order of the log.
    return events.flatMap((e) => offers.get(e.eventId) ?? []);
  }

  private offerOf(
    event: ActivityEvent & WebhookSourceEvent,
    action: Action,
    content: ActivityContent,
    timestamp: number,
    changes?: ActivityAmendment,
  ): WebhookOffer {
    const ref = refOf(event.data);
    const activity = activityView(ref, content);
    const eventType = ACTIVITY_WEBHOOK_EVENTS[action];
    const payload = {
      event: eventType,
      actionType: action,
      source: 'activity',
      platform: 'sdk',
      timestamp,
      data: { metadata: activity.metadata, activity, ...(changes && { changes }) },
    };
    // Every person the payload names (fields, mentions, emails) for user data deletion.
    const userIds = userIdsIn(payload);
    for (const person of peopleIn(content)) userIds.add(person);
    return {
      eventId: event.eventId,
      eventType,
      apiKey: ref.apiKey,
      organizationId: ref.organizationId,
      payload,
      userIds: [...userIds],
    };
  }
}
