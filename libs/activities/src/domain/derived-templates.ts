import type { DerivedActionType } from './derived-vocabulary';

/**
 * The default `displayMessageTemplate` of each derived record, in the hosted `{{variable}}`
 * style; `displayMessageTemplateData` holds the variables (`actionUser` always, with a name).
 */
export const DERIVED_TEMPLATES: Record<DerivedActionType, string> = {
  'comment_annotation.add': '{{actionUser.name}} added a comment',
  'comment_annotation.delete': '{{actionUser.name}} deleted a comment thread',
  'comment_annotation.status_change': '{{actionUser.name}} changed the status to {{status}}',
  'comment_annotation.priority_change': '{{actionUser.name}} changed the priority to {{priority}}',
  'comment_annotation.assign': '{{actionUser.name}} assigned the thread to {{assignee}}',
  'comment.add': '{{actionUser.name}} replied to a comment',
  'comment.update': '{{actionUser.name}} edited a comment',
  'comment.delete': '{{actionUser.name}} deleted a comment',
  'comment.reaction_add': '{{actionUser.name}} reacted {{reaction}} to a comment',
  'comment.reaction_delete': '{{actionUser.name}} removed the reaction {{reaction}} from a comment',
  'reaction.add': '{{actionUser.name}} reacted {{reaction}}',
  'reaction.delete': '{{actionUser.name}} removed a reaction',
  'recording.add': '{{actionUser.name}} added a recording',
  'recording.delete': '{{actionUser.name}} deleted a recording',
  'crdt.editor_edit': '{{actionUser.name}} edited {{editorId}}',
};

/** An assignment that leaves nobody assigned reads differently. */
export const UNASSIGN_TEMPLATE = '{{actionUser.name}} unassigned the thread';
