import type { RecordedEvent, Upcaster } from '@app/event-store';
import { ANNOTATION_UPDATE_EVENTS as Update } from './annotation-update.events';
import { COMMENT_ANNOTATION_EVENTS as Comment } from './comment-annotation.events';
import { SIMPLE_KIND_EVENTS as Simple } from './simple-kinds.events';

/**
 * The types the library's events were stored under before every library named its events
 * `<library>.<noun>-<past participle>`, and the type each is read as today. Payload and
 * schema version are unchanged: only the name moved.
 */
export const RENAMED_EVENT_TYPES: Record<string, string> = {
  'comment-annotation.created': Comment.CommentAnnotationCreated.type,
  'comment.added': Comment.CommentAdded.type,
  'comment.edited': Comment.CommentEdited.type,
  'comment.deleted': Comment.CommentDeleted.type,
  'comment.reaction-added': Comment.CommentReactionAdded.type,
  'comment.reaction-removed': Comment.CommentReactionRemoved.type,
  'annotation.status-changed': Comment.AnnotationStatusChanged.type,
  'annotation.priority-changed': Comment.AnnotationPriorityChanged.type,
  'annotation.assigned': Comment.AnnotationAssigned.type,
  'annotation.context-changed': Comment.AnnotationContextChanged.type,
  'annotation.deleted': Comment.AnnotationDeleted.type,
  'annotation.details-changed': Update.AnnotationDetailsChanged.type,
  'annotation.users-replaced': Update.AnnotationUsersReplaced.type,
  'reaction.added': Simple.ReactionAdded.type,
  'reaction.removed': Simple.ReactionRemoved.type,
  'recording.added': Simple.RecordingAdded.type,
  'recording.deleted': Simple.RecordingDeleted.type,
  'crdt.created': Simple.CrdtCreated.type,
  'crdt.updated': Simple.CrdtUpdated.type,
  'presence.joined': Simple.PresenceJoined.type,
  'presence.updated': Simple.PresenceUpdated.type,
  'presence.left': Simple.PresenceLeft.type,
};

/**
 * One upcaster per old type (schema 1, the only one they were stored with): the event reads
 * under its new type, so it still folds, projects, is erased (a rewrite stores the new type)
 * and reaches subscribers, whose SQL filter asks for the old type through `newType`.
 */
export const RENAMED_EVENT_UPCASTERS: Upcaster[] = Object.entries(RENAMED_EVENT_TYPES).map(
  ([type, newType]) => ({
    type,
    schemaVersion: 1,
    newType,
    upcast: (e: RecordedEvent): RecordedEvent => ({ ...e, type: newType }),
  }),
);
