import type { CollaborationEvent } from './collaboration.events';

/**
 * What each collaboration event is called in the hosted service's webhook vocabulary, for
 * the features that speak it (webhooks, derived notifications). `null`: the hosted service
 * sends nothing for it (data following its document, erasure). Activity records speak
 * another set of names (`crdt.editor_edit`, no record for a context change): the activities
 * library keeps its own table.
 */
export const HOSTED_ACTION: Record<CollaborationEvent['type'], string | null> = {
  'comment-annotation.created': 'comment_annotation.add',
  'annotation.status-changed': 'comment_annotation.status_change',
  'annotation.priority-changed': 'comment_annotation.priority_change',
  'annotation.assigned': 'comment_annotation.assign',
  'annotation.context-changed': 'comment_annotation.update',
  'annotation.details-changed': 'comment_annotation.update',
  'annotation.users-replaced': 'comment_annotation.update',
  'annotation.deleted': 'comment_annotation.delete',
  'comment.added': 'comment.add',
  'comment.edited': 'comment.update',
  'comment.deleted': 'comment.delete',
  'comment.reaction-added': 'comment.reaction_add',
  'comment.reaction-removed': 'comment.reaction_delete',
  'reaction.added': 'reaction.add',
  'reaction.removed': 'reaction.delete',
  'recording.added': 'recording.add',
  'recording.deleted': 'recording.delete',
  'crdt.created': 'crdt.add',
  'crdt.updated': 'crdt.update',
  'presence.joined': 'presence.add',
  'presence.updated': 'presence.update',
  'presence.left': 'presence.delete',
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
