import { Injectable } from '@nestjs/common';
import { EventStore } from '@app/event-store';
import {
  WebhookEvents,
  type WebhookEventSource,
  type WebhookOffer,
  type WebhookSourceEvent,
} from '@app/platform';
import type { EntityManager } from 'typeorm';
import {
  readCommentChanges,
  type CommentChange,
} from '../application/comment-changes/comment-changes';
import type { RecordRef } from '../domain/collab-record.events';
import type { CollaborationEvent } from '../domain/collaboration.events';
import { HOSTED_ACTION } from '../domain/hosted-vocabulary';
import { mentionedIds } from '../domain/kinds/people';
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

/** What changed, for the changes that have a before and an after. */
function changeOf(event: CollaborationEvent): Record<string, unknown> {
  switch (event.type) {
    case 'collaboration.annotation-status-changed':
    case 'collaboration.annotation-priority-changed':
    case 'collaboration.annotation-assigned':
      return { change: { from: event.data.from ?? null, to: event.data.to ?? null } };
    case 'collaboration.comment-reaction-added':
    case 'collaboration.comment-reaction-removed':
      return { reaction: { icon: event.data.icon } };
    default:
      return {};
  }
}

/**
 * Collaboration data offers its changes to webhooks (D11.2) through the module contract: one
 * webhook event per event with a hosted action, named by the vocabulary table. The record is
 * shown as it was right after the change (`readCommentChanges` folds its stream up to that
 * event), so a replay makes the same payload; the processed URL also gets the recipients and
 * the plain text.
 */
@Injectable()
@WebhookEvents()
export class CollaborationWebhookEvents implements WebhookEventSource {
  readonly handles = OFFERED.map(([type]) => type);
  readonly eventTypes = OFFERED.map(([, action]) => action as string);

  constructor(private readonly store: EventStore) {}

  async offer(events: WebhookSourceEvent[], manager: EntityManager): Promise<WebhookOffer[]> {
    const changes = await readCommentChanges(this.store, events, manager);
    return changes.map((change) => this.offerOf(change));
  }

  private offerOf(change: CommentChange): WebhookOffer {
    const { event, action, record, location, actionUser, annotation, targetComment } = change;
    const d = event.data;
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
    const processed = annotation
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
