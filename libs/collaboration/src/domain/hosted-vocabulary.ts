import type { CollaborationEvent } from './collaboration.events';

/**
 * What each collaboration event is called in the hosted service's webhook vocabulary, for
 * the features that speak it (webhooks, derived notifications). `null`: the hosted service
 * sends nothing for it (data following its document, erasure). Activity records speak
 * another set of names (`crdt.editor_edit`, no record for a context change): the activities
 * library keeps its own table.
 */
export const HOSTED_ACTION: Record<CollaborationEvent['type'], string | null> = {
  'collaboration.comment-annotation-created': 'comment_annotation.add',
  'collaboration.annotation-status-changed': 'comment_annotation.status_change',
  'collaboration.annotation-priority-changed': 'comment_annotation.priority_change',
  'collaboration.annotation-assigned': 'comment_annotation.assign',
  'collaboration.annotation-context-changed': 'comment_annotation.update',
  'collaboration.annotation-details-changed': 'comment_annotation.update',
  'collaboration.annotation-users-replaced': 'comment_annotation.update',
  'collaboration.annotation-deleted': 'comment_annotation.delete',
  'collaboration.comment-added': 'comment.add',
  'collaboration.comment-edited': 'comment.update',
  'collaboration.comment-deleted': 'comment.delete',
  'collaboration.comment-reaction-added': 'comment.reaction_add',
  'collaboration.comment-reaction-removed': 'comment.reaction_delete',
  'collaboration.reaction-added': 'reaction.add',
  'collaboration.reaction-removed': 'reaction.delete',
  'collaboration.recording-added': 'recording.add',
  'collaboration.recording-deleted': 'recording.delete',
  'collaboration.crdt-created': 'crdt.add',
  'collaboration.crdt-updated': 'crdt.update',
  'collaboration.presence-joined': 'presence.add',
  'collaboration.presence-updated': 'presence.update',
  'collaboration.presence-left': 'presence.delete',
  'collaboration.record-removed': null,
  'collaboration.record-moved': null,
  'collaboration.record-erased': null,
  // A stored snapshot of the first version says which action it was.
  'collaboration.legacy-snapshot': null,
};

/** The hosted action an event amounts to, or null when the hosted service has none. */
export function hostedActionOf(event: CollaborationEvent): string | null {
  if (event.type === 'collaboration.legacy-snapshot') {
    const action = event.data.action;
    return action === 'migrated' || action === 'erasure' ? null : action;
  }
  return HOSTED_ACTION[event.type];
}
