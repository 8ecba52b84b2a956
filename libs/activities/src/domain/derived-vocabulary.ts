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
  'comment-annotation.created': comment('comment_annotation.add'),
  'annotation.deleted': comment('comment_annotation.delete'),
  'annotation.status-changed': comment('comment_annotation.status_change'),
  'annotation.priority-changed': comment('comment_annotation.priority_change'),
  'annotation.assigned': comment('comment_annotation.assign'),
  'annotation.context-changed': null,
  'annotation.details-changed': null,
  'annotation.users-replaced': null,
  'comment.added': comment('comment.add'),
  'comment.edited': comment('comment.update'),
  'comment.deleted': comment('comment.delete'),
  'comment.reaction-added': comment('comment.reaction_add'),
  'comment.reaction-removed': comment('comment.reaction_delete'),
  'reaction.added': { featureType: 'reaction', actionType: 'reaction.add' },
  'reaction.removed': { featureType: 'reaction', actionType: 'reaction.delete' },
  'recording.added': { featureType: 'recorder', actionType: 'recording.add' },
  'recording.deleted': { featureType: 'recorder', actionType: 'recording.delete' },
  'crdt.created': { featureType: 'crdt', actionType: 'crdt.editor_edit' },
  'crdt.updated': { featureType: 'crdt', actionType: 'crdt.editor_edit' },
  'presence.joined': null,
  'presence.updated': null,
  'presence.left': null,
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
