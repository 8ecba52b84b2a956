import { Injectable } from '@nestjs/common';
import { EventStore, type RecordedEvent } from '@app/event-store';
import {
  pacer,
  WebhookEvents,
  type WebhookEventSource,
  type WebhookOffer,
  type WebhookSourceEvent,
} from '@app/platform';
import type { EntityManager } from 'typeorm';
import type { RecordRef } from '../domain/collab-record.events';
import type { CollaborationEvent } from '../domain/collaboration.events';
import { evolve, type RecordState } from '../domain/evolve';
import { HOSTED_ACTION, hostedActionOf } from '../domain/hosted-vocabulary';
import type { Comment, CommentAnnotation } from '../domain/kinds/comment-annotation';
import { mentionedIds, type CollabUser } from '../domain/kinds/people';
import { plainCommentText, recipientsOf } from '../domain/recipients';

/** The event types with a hosted action: the ones webhooks are sent for. */
const OFFERED = Object.entries(HOSTED_ACTION).filter(([, action]) => action !== null);

/** What a record of each kind is called in a payload's `data`. */
const RECORD_FIELD: Record<RecordRef['kind'], string> = {
  'comment-annotation': 'commentAnnotation',
  reaction: 'reaction',
  recording: 'recording',
  crdt: 'crdt',
  presence: 'presence',
};

/**
 * Every `userId` a payload holds, and every user its texts mention as `{{userId}}`. Asked of
 * every payload (a whole thread each): walked with `for…in`, which makes no array per object.
 */
export function userIdsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    for (const id of mentionedIds(value)) found.add(id);
  } else if (Array.isArray(value)) {
    for (const item of value) userIdsIn(item, found);
  } else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key in record) {
      if (!Object.hasOwn(record, key)) continue;
      const item = record[key];
      if ((key === 'userId' || key === 'lastUpdatedBy') && typeof item === 'string')
        found.add(item);
      else if (key === 'userIds' && Array.isArray(item))
        for (const id of item) found.add(String(id));
      else if (typeof item === 'object' || typeof item === 'string') userIdsIn(item, found);
    }
  }
  return found;
}

const commentById = (state: RecordState, commentId: number): Comment | undefined =>
  (state as CommentAnnotation | undefined)?.comments?.find((c) => c.commentId === commentId);

/** Who made the change, when the event says (or the record shows) it. */
function actionUserOf(event: CollaborationEvent, before: RecordState): CollabUser | undefined {
  switch (event.type) {
    case 'comment-annotation.created':
    case 'comment.added':
    case 'comment.reaction-added':
    case 'reaction.added':
    case 'recording.added':
      return event.data.from;
    case 'comment.edited':
    case 'comment.deleted':
      return commentById(before, event.data.commentId)?.from;
    case 'comment.reaction-removed':
      return { userId: event.data.userId };
    case 'crdt.created':
    case 'crdt.updated':
      return event.data.lastUpdatedBy ? { userId: event.data.lastUpdatedBy } : undefined;
    case 'presence.joined':
      return event.data.users[0];
    case 'presence.left':
      return event.data.userIds[0] ? { userId: event.data.userIds[0] } : undefined;
    default:
      return undefined;
  }
}

/** The comment a change is about: the one added, edited, deleted or reacted to; a new annotation's first. */
function targetCommentOf(
  event: CollaborationEvent,
  before: RecordState,
  after: RecordState,
): Comment | undefined {
  switch (event.type) {
    case 'comment-annotation.created':
      return (after as CommentAnnotation | undefined)?.comments?.[0];
    case 'comment.added':
    case 'comment.edited':
    case 'comment.reaction-added':
    case 'comment.reaction-removed':
      return commentById(after, event.data.commentId);
    case 'comment.deleted':
      return commentById(before, event.data.commentId);
    default:
      return undefined;
  }
}

/** What changed, for the changes that have a before and an after. */
function changeOf(event: CollaborationEvent): Record<string, unknown> {
  switch (event.type) {
    case 'annotation.status-changed':
    case 'annotation.priority-changed':
    case 'annotation.assigned':
      return { change: { from: event.data.from ?? null, to: event.data.to ?? null } };
    case 'comment.reaction-added':
    case 'comment.reaction-removed':
      return { reaction: { icon: event.data.icon } };
    default:
      return {};
  }
}

/**
 * Collaboration data offers its changes to webhooks (D11.2) through the module contract: one
 * webhook event per event with a hosted action, named by the vocabulary table. The record is
 * shown as it was right after the change (its stream folded up to that event), so a replay
 * makes the same payload; the processed URL also gets the recipients and the plain text.
 */
@Injectable()
@WebhookEvents()
export class CollaborationWebhookEvents implements WebhookEventSource {
  readonly handles = OFFERED.map(([type]) => type);
  readonly eventTypes = OFFERED.map(([, action]) => action as string);

  constructor(private readonly store: EventStore) {}

  async offer(events: WebhookSourceEvent[], manager: EntityManager): Promise<WebhookOffer[]> {
    const wanted = new Map<string, number>();
    for (const e of events) {
      wanted.set(e.streamId, Math.max(wanted.get(e.streamId) ?? 0, e.streamVersion));
    }
    const streams = await this.store.readStreams([...wanted.keys()], manager);
    const ids = new Set(events.map((e) => e.eventId));
    const offers = new Map<string, WebhookOffer>();
    const pace = pacer();
    for (const [streamId, history] of streams) {
      let state: RecordState;
      for (const stored of history as RecordedEvent[]) {
        if (stored.streamVersion > (wanted.get(streamId) ?? 0)) break;
        await pace();
        const event = stored as unknown as CollaborationEvent & RecordedEvent;
        const before = state;
        state = evolve(state, event);
        if (!ids.has(stored.eventId) || event.data.erased) continue;
        const offer = this.offerOf(event, before, state);
        if (offer) offers.set(stored.eventId, offer);
      }
    }
    // In the order of the log.
    return events.flatMap((e) => offers.get(e.eventId) ?? []);
  }

  private offerOf(
    event: CollaborationEvent & RecordedEvent,
    before: RecordState,
    after: RecordState,
  ): WebhookOffer | undefined {
    const action = hostedActionOf(event);
    if (!action) return undefined;
    const d = event.data;
    const record = after ?? before;
    const location = (record as { location?: { id?: string } } | undefined)?.location;
    const actionUser = actionUserOf(event, before);
    const targetComment = targetCommentOf(event, before, after);
    const payload = {
      event: action,
      actionType: action.slice(action.indexOf('.') + 1),
      source: 'api',
      platform: 'sdk',
      timestamp: d.at,
      data: {
        ...(actionUser && { actionUser }),
        metadata: {
          apiKey: d.apiKey,
          organizationId: d.organizationId,
          documentId: d.documentId,
          ...(location?.id && { locationId: location.id }),
        },
        [RECORD_FIELD[d.kind]]: record ?? null,
        ...(targetComment && { targetComment }),
        ...changeOf(event),
      },
    };
    const annotation = d.kind === 'comment-annotation' ? (record as CommentAnnotation) : undefined;
    const processed = annotation?.comments
      ? {
          recipients: recipientsOf(annotation, { actionUserId: actionUser?.userId, targetComment }),
          commentText: targetComment ? plainCommentText(targetComment, annotation) : '',
        }
      : undefined;
    return {
      eventId: event.eventId,
      eventType: action,
      apiKey: d.apiKey,
      organizationId: d.organizationId,
      payload,
      ...(processed && { processed }),
      userIds: [...userIdsIn(payload)],
    };
  }
}
