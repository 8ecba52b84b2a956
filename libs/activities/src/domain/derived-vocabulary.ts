import type { CollaborationEvent } from '@app/collaboration';
import type { FeatureType } from './activity.events';

/** The action types collaboration changes are logged under (D7.6), in the hosted vocabulary. */
export const DERIVED_ACTION_TYPES = [
  'comment_annotation.add',
  'comment_annotation.delete',
  'comment_annotation.status_change',
  'comment_annotation.priority_change',
  'comment_annotation.assign',
  'comment.add',
  'comment.update',
  'comment.delete',
  'comment.reaction_add',
  'comment.reaction_delete',
  'reaction.add',
  'reaction.delete',
  'recording.add',
  'recording.delete',
  'crdt.editor_edit',
] as const;
export type DerivedActionType = (typeof DERIVED_ACTION_TYPES)[number];

/** What one collaboration event is logged as. */
export interface DerivedAction {
  featureType: Exclude<FeatureType, 'custom'>;
  actionType: DerivedActionType;
}

const comment = (actionType: DerivedActionType): DerivedAction => ({
  featureType: 'comment',
  actionType,
});

/**
 * Each collaboration event's record, or null when it makes none: an annotation's context
 * change and presence are not activities, and data following its document, erasure and the
 * first version's snapshots are not changes anyone made. Keyed by every event type, so a new
 * collaboration event does not compile until it is given its place here. Activities keep
 * their own table (the webhook vocabulary differs: CRDT writes are one action here).
 */
export const DERIVED_ACTION: Record<CollaborationEvent['type'], DerivedAction | null> = {
  'collaboration.comment-annotation-created': comment('comment_annotation.add'),
  'collaboration.annotation-deleted': comment('comment_annotation.delete'),
  'collaboration.annotation-status-changed': comment('comment_annotation.status_change'),
  'collaboration.annotation-priority-changed': comment('comment_annotation.priority_change'),
  'collaboration.annotation-assigned': comment('comment_annotation.assign'),
  'collaboration.annotation-context-changed': null,
  'collaboration.annotation-details-changed': null,
  'collaboration.annotation-users-replaced': null,
  'collaboration.comment-added': comment('comment.add'),
  'collaboration.comment-edited': comment('comment.update'),
  'collaboration.comment-deleted': comment('comment.delete'),
  'collaboration.comment-reaction-added': comment('comment.reaction_add'),
  'collaboration.comment-reaction-removed': comment('comment.reaction_delete'),
  'collaboration.reaction-added': { featureType: 'reaction', actionType: 'reaction.add' },
  'collaboration.reaction-removed': { featureType: 'reaction', actionType: 'reaction.delete' },
  'collaboration.recording-added': { featureType: 'recorder', actionType: 'recording.add' },
  'collaboration.recording-deleted': { featureType: 'recorder', actionType: 'recording.delete' },
  'collaboration.crdt-created': { featureType: 'crdt', actionType: 'crdt.editor_edit' },
  'collaboration.crdt-updated': { featureType: 'crdt', actionType: 'crdt.editor_edit' },
  'collaboration.presence-joined': null,
  'collaboration.presence-updated': null,
  'collaboration.presence-left': null,
  'collaboration.record-removed': null,
  'collaboration.record-moved': null,
  'collaboration.record-erased': null,
  'collaboration.legacy-snapshot': null,
};

/** The event types that make a record. */
export const DERIVING_EVENT_TYPES: string[] = Object.entries(DERIVED_ACTION)
  .filter(([, action]) => action !== null)
  .map(([type]) => type);

/** The record an event makes, if any (an unknown type makes none). */
export const derivedActionOf = (type: string): DerivedAction | null =>
  Object.hasOwn(DERIVED_ACTION, type) ? DERIVED_ACTION[type as CollaborationEvent['type']] : null;
