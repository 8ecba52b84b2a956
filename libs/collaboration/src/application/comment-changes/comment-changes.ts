import type { EventStore, RecordedEvent } from '@app/event-store';
import { pacer } from '@app/platform';
import type { EntityManager } from 'typeorm';
import type { CollaborationEvent } from '../../domain/collaboration.events';
import { evolve, type RecordState } from '../../domain/evolve';
import { hostedActionOf } from '../../domain/hosted-vocabulary';
import type { Comment, CommentAnnotation } from '../../domain/kinds/comment-annotation';
import type { CollabUser, Location } from '../../domain/kinds/people';

/**
 * What one event of the log changed in its record, as the features that tell of changes
 * (webhooks, derived notifications) need it: the record before and right after the event,
 * the hosted action, who made the change and the comment it is about. Every kind of record
 * has one; `annotation` and `targetComment` only comment annotations.
 */
export interface CommentChange {
  event: CollaborationEvent & RecordedEvent;
  /** The hosted action (`comment.add`); events without one have no change. */
  action: string;
  before: RecordState;
  after: RecordState;
  /** The record as the change leaves it, or as it was when the change removed it. */
  record: RecordState;
  location?: Location;
  actionUser?: CollabUser;
  /** The annotation (`record`) when the record is a comment annotation. */
  annotation?: CommentAnnotation;
  /** The comment added, edited, deleted or reacted to; a new annotation's first. */
  targetComment?: Comment;
}

const commentById = (state: RecordState, commentId: number): Comment | undefined =>
  (state as CommentAnnotation | undefined)?.comments?.find((c) => c.commentId === commentId);

/** Who made the change, when the event says (or the record shows) it. */
function actionUserOf(event: CollaborationEvent, before: RecordState): CollabUser | undefined {
  switch (event.type) {
    case 'collaboration.comment-annotation-created':
    case 'collaboration.comment-added':
    case 'collaboration.comment-reaction-added':
    case 'collaboration.reaction-added':
    case 'collaboration.recording-added':
      return event.data.from;
    case 'collaboration.comment-edited':
    case 'collaboration.comment-deleted':
      return commentById(before, event.data.commentId)?.from;
    case 'collaboration.comment-reaction-removed':
      return { userId: event.data.userId };
    case 'collaboration.crdt-created':
    case 'collaboration.crdt-updated':
      return event.data.lastUpdatedBy ? { userId: event.data.lastUpdatedBy } : undefined;
    case 'collaboration.presence-joined':
    case 'collaboration.presence-updated':
      return event.data.users[0];
    case 'collaboration.presence-left':
      return event.data.userIds[0] ? { userId: event.data.userIds[0] } : undefined;
    default:
      return undefined;
  }
}

function targetCommentOf(
  event: CollaborationEvent,
  before: RecordState,
  after: RecordState,
): Comment | undefined {
  switch (event.type) {
    case 'collaboration.comment-annotation-created':
      return (after as CommentAnnotation | undefined)?.comments?.[0];
    case 'collaboration.comment-added':
    case 'collaboration.comment-edited':
    case 'collaboration.comment-reaction-added':
    case 'collaboration.comment-reaction-removed':
      return commentById(after, event.data.commentId);
    case 'collaboration.comment-deleted':
      return commentById(before, event.data.commentId);
    default:
      return undefined;
  }
}

function changeOf(
  event: CollaborationEvent & RecordedEvent,
  before: RecordState,
  after: RecordState,
): CommentChange | undefined {
  const action = hostedActionOf(event);
  if (!action) return undefined;
  const record = after ?? before;
  const location = (record as { location?: Location } | undefined)?.location;
  const actionUser = actionUserOf(event, before);
  const targetComment = targetCommentOf(event, before, after);
  const isAnnotation =
    event.data.kind === 'comment-annotation' &&
    Array.isArray((record as CommentAnnotation | undefined)?.comments);
  return {
    event,
    action,
    before,
    after,
    record,
    ...(location && { location }),
    ...(actionUser && { actionUser }),
    ...(isAnnotation && { annotation: record as CommentAnnotation }),
    ...(targetComment && { targetComment }),
  };
}

/**
 * The change each of `events` made, in the order given; an event without a hosted action,
 * or erased (D8.3), has none. Each record's stream is folded up to the event, so a replay
 * reads the same change; the streams of all the events are read in one query.
 */
export async function readCommentChanges(
  store: EventStore,
  events: readonly Pick<RecordedEvent, 'eventId' | 'streamId' | 'streamVersion'>[],
  manager: EntityManager,
): Promise<CommentChange[]> {
  const wanted = new Map<string, number>();
  for (const e of events) {
    wanted.set(e.streamId, Math.max(wanted.get(e.streamId) ?? 0, e.streamVersion));
  }
  const streams = await store.readStreams([...wanted.keys()], manager);
  const ids = new Set(events.map((e) => e.eventId));
  const changes = new Map<string, CommentChange>();
  const pace = pacer();
  for (const [streamId, history] of streams) {
    let state: RecordState;
    for (const stored of history) {
      if (stored.streamVersion > (wanted.get(streamId) ?? 0)) break;
      await pace();
      const event = stored as unknown as CollaborationEvent & RecordedEvent;
      const before = state;
      state = evolve(state, event);
      if (!ids.has(stored.eventId) || event.data.erased) continue;
      const change = changeOf(event, before, state);
      if (change) changes.set(stored.eventId, change);
    }
  }
  return events.flatMap((e) => changes.get(e.eventId) ?? []);
}
