import { withDetails, withUsersReplaced } from './annotation-details';
import type { CollaborationEvent } from './collaboration.events';
import type { CommentWritten } from './comment-annotation.events';
import {
  AGENT_SOURCE_TYPE,
  ANNOTATION_EXTRAS,
  COMMENT_EXTRAS,
  extrasOf,
} from './kinds/annotation-fields';
import type { Comment, CommentAnnotation } from './kinds/comment-annotation';
import type { CrdtRecord, ElementReaction, Presence, Recording } from './kinds/simple-kinds';

/** A record's state: absent before it is created and after it is gone. */
export type RecordState = Record<string, unknown> | undefined;

/** A comment as the record keeps it. */
export function commentOf(c: CommentWritten, at: number): Comment {
  return {
    ...(c.context && { context: c.context }),
    commentId: c.commentId,
    commentText: c.text,
    commentHtml: c.html,
    from: c.from,
    taggedUserContacts: c.taggedUsers,
    reactions: [],
    createdAt: at,
    lastUpdated: at,
    ...(c.triggerNotification === false && { triggerNotification: false }),
    ...(c.triggerActivities === false && { triggerActivities: false }),
    ...extrasOf(c, COMMENT_EXTRAS),
    ...(c.agent && { sourceType: AGENT_SOURCE_TYPE }),
  };
}

/** A change of an existing annotation; one that is not there stays absent. */
function onAnnotation(
  state: RecordState,
  at: number,
  change: (a: CommentAnnotation) => Partial<CommentAnnotation>,
): RecordState {
  if (!state) return state;
  const a = state as CommentAnnotation;
  return { ...a, ...change(a), lastUpdated: at };
}

const isAnnotation = (state: RecordState): state is CommentAnnotation =>
  Array.isArray((state as { comments?: unknown } | undefined)?.comments);

const mapComment = (a: CommentAnnotation, commentId: number, f: (c: Comment) => Comment) =>
  a.comments.map((c) => (c.commentId === commentId ? f(c) : c));

/**
 * Folds one event into a record's state: the aggregate rebuilds itself with it, the read
 * projection applies it to the stored row. Pure; an erased event changes nothing.
 */
export function evolve(state: RecordState, event: CollaborationEvent): RecordState {
  const d = event.data;
  // An erased event changes nothing but the time an annotation last changed, as it did then.
  if (d.erased) return isAnnotation(state) ? { ...state, lastUpdated: d.at } : state;
  switch (event.type) {
    case 'collaboration.legacy-snapshot':
    case 'collaboration.record-moved':
    case 'collaboration.record-erased':
      // A snapshot erasure emptied ({erased: true}) was of a record the erased user wrote,
      // which erasure also removed: read it as gone, as the removal after it leaves it.
      return (event.data.record as { erased?: boolean } | undefined)?.erased
        ? undefined
        : event.data.record;
    case 'collaboration.record-removed':
    case 'collaboration.annotation-deleted':
    case 'collaboration.reaction-removed':
    case 'collaboration.recording-deleted':
      return undefined;

    case 'collaboration.comment-annotation-created': {
      const e = event.data;
      const annotation: CommentAnnotation = {
        annotationId: e.recordId,
        ...(e.location && { location: e.location }),
        from: e.from,
        ...(e.status && { status: e.status }),
        ...(e.priority && { priority: e.priority }),
        ...(e.assignedTo && { assignedTo: e.assignedTo }),
        ...(e.context && { context: e.context }),
        ...extrasOf(e, ANNOTATION_EXTRAS),
        // An agent's first comment makes the annotation the agent's (hosted).
        ...(e.comments[0]?.agent && {
          agent: e.comments[0].agent,
          sourceType: AGENT_SOURCE_TYPE,
        }),
        comments: e.comments.map((c) => commentOf(c, e.at)),
        createdAt: e.at,
        lastUpdated: e.at,
      };
      return annotation;
    }
    case 'collaboration.comment-added': {
      const at = event.data.at;
      return onAnnotation(state, at, (a) => ({
        comments: [...a.comments, commentOf(event.data, at)],
      }));
    }
    case 'collaboration.comment-edited': {
      const e = event.data;
      return onAnnotation(state, e.at, (a) => ({
        comments: mapComment(
          a,
          e.commentId,
          ({ triggerNotification, triggerActivities, ...c }) => ({
            ...c,
            ...(e.text !== undefined && { commentText: e.text }),
            ...(e.html !== undefined && { commentHtml: e.html }),
            ...(e.taggedUsers !== undefined && { taggedUserContacts: e.taggedUsers }),
            ...(e.context !== undefined && { context: e.context }),
            // Kept only while false, as a new comment keeps it.
            ...((e.triggerNotification ?? triggerNotification) === false && {
              triggerNotification: false,
            }),
            ...((e.triggerActivities ?? triggerActivities) === false && {
              triggerActivities: false,
            }),
            lastUpdated: e.at,
          }),
        ),
      }));
    }
    case 'collaboration.comment-deleted': {
      const e = event.data;
      return onAnnotation(state, e.at, (a) => ({
        comments: a.comments.filter((c) => c.commentId !== e.commentId),
      }));
    }
    case 'collaboration.comment-reaction-added': {
      const { commentId, icon, from, at } = event.data;
      return onAnnotation(state, at, (a) => ({
        comments: mapComment(a, commentId, (c) => ({
          ...c,
          reactions: [
            ...c.reactions.filter((r) => !(r.icon === icon && r.from.userId === from.userId)),
            { icon, from, at },
          ],
        })),
      }));
    }
    case 'collaboration.comment-reaction-removed': {
      const { commentId, icon, userId, at } = event.data;
      return onAnnotation(state, at, (a) => ({
        comments: mapComment(a, commentId, (c) => ({
          ...c,
          reactions: c.reactions.filter((r) => !(r.icon === icon && r.from.userId === userId)),
        })),
      }));
    }
    case 'collaboration.annotation-status-changed':
      return onAnnotation(state, event.data.at, () => ({ status: event.data.to }));
    case 'collaboration.annotation-priority-changed':
      return onAnnotation(state, event.data.at, () => ({ priority: event.data.to }));
    case 'collaboration.annotation-context-changed':
      return onAnnotation(state, event.data.at, () => ({ context: event.data.to }));
    case 'collaboration.annotation-details-changed':
      // Not through onAnnotation: a cleared field must not come back from the spread.
      return (
        state && {
          ...withDetails(state as CommentAnnotation, event.data.to),
          lastUpdated: event.data.at,
        }
      );
    case 'collaboration.annotation-users-replaced':
      return onAnnotation(state, event.data.at, (a) =>
        withUsersReplaced(a, event.data.replacements),
      );
    case 'collaboration.annotation-assigned': {
      const { to, at } = event.data;
      const next = onAnnotation(state, at, () => (to ? { assignedTo: to } : {}));
      if (next && !to) delete next.assignedTo;
      return next;
    }

    case 'collaboration.reaction-added': {
      const { icon, from, location, targetElementId, recordId, at } = event.data;
      const reaction: ElementReaction = {
        reactionId: recordId,
        icon,
        from,
        ...(location && { location }),
        ...(targetElementId !== undefined && { targetElementId }),
        createdAt: at,
      };
      return reaction;
    }
    case 'collaboration.recording-added': {
      const e = event.data;
      const recording: Recording = {
        recordingId: e.recordId,
        from: e.from,
        recordingType: e.recordingType,
        displayName: e.displayName,
        ...(e.location && { location: e.location }),
        attachments: e.attachments,
        ...(e.mode !== undefined && { mode: e.mode }),
        ...(e.recordedTime && { recordedTime: e.recordedTime }),
        ...(e.latestVersion !== undefined && { latestVersion: e.latestVersion }),
        createdAt: e.at,
      };
      return recording;
    }
    case 'collaboration.crdt-created':
    case 'collaboration.crdt-updated': {
      const e = event.data;
      const crdt: CrdtRecord = {
        editorId: e.editorId,
        type: e.type,
        data: e.data,
        lastUpdatedBy: e.lastUpdatedBy,
        sessionId: e.sessionId,
        ...(e.location && { location: e.location }),
        ...(e.contentKey !== undefined && { contentKey: e.contentKey }),
        lastUpdate: e.at,
      };
      return crdt;
    }
    case 'collaboration.presence-joined': {
      const { users, at } = event.data;
      const present = new Map(
        ((state as Presence | undefined)?.users ?? []).map((u) => [u.userId, u]),
      );
      for (const user of users) present.set(user.userId, { ...user, lastSeen: at });
      const presence: Presence = { users: [...present.values()] };
      return presence;
    }
    case 'collaboration.presence-updated': {
      const changes = new Map(event.data.users.map((u) => [u.userId, u]));
      const users = ((state as Presence | undefined)?.users ?? []).map((u) => ({
        ...u,
        ...changes.get(u.userId),
      }));
      return users.length === 0 ? state : { ...state, users };
    }
    case 'collaboration.presence-left': {
      const leaving = new Set(event.data.userIds);
      const users = ((state as Presence | undefined)?.users ?? []).filter(
        (u) => !leaving.has(u.userId),
      );
      return users.length === 0 ? undefined : { users };
    }
  }
}
