/**
 * The default headline and body of a derived notification (D9.7), per hosted action, in our
 * own words. A headline is a template: `{name}` stands for a variable of
 * `displayHeadlineMessageTemplateData`, `{actionUser}` for its user object (a client shows
 * the name). The body is plain text, filled here from the same variables.
 */
export interface DefaultMessage {
  headline: string;
  body: string;
}

/** The string variables a message may use beside `{actionUser}`. */
export interface MessageVariables {
  commentText?: string;
  status?: string;
  priority?: string;
  assignee?: string;
  mentioned?: string;
  reaction?: string;
  count?: number;
  first?: string;
  last?: string;
}

/** Keyed by hosted action; `<action>:<variant>` where one change reads better said otherwise. */
export const DEFAULT_MESSAGES: Readonly<Record<string, DefaultMessage>> = {
  'comment_annotation.add': { headline: '{actionUser} started a thread', body: '{commentText}' },
  'comment_annotation.add:mention': {
    headline: '{actionUser} mentioned {mentioned} in a new thread',
    body: '{commentText}',
  },
  'comment_annotation.update': { headline: '{actionUser} updated a thread', body: '' },
  'comment_annotation.delete': { headline: '{actionUser} deleted a thread', body: '' },
  'comment_annotation.status_change': {
    headline: '{actionUser} changed the status to {status}',
    body: 'Status: {status}',
  },
  'comment_annotation.priority_change': {
    headline: '{actionUser} changed the priority to {priority}',
    body: 'Priority: {priority}',
  },
  'comment_annotation.assign': {
    headline: '{actionUser} assigned a thread to {assignee}',
    body: 'Assigned to {assignee}',
  },
  'comment_annotation.assign:none': { headline: '{actionUser} unassigned a thread', body: '' },
  'comment.add': { headline: '{actionUser} replied to a thread', body: '{commentText}' },
  'comment.add:mention': { headline: '{actionUser} mentioned {mentioned}', body: '{commentText}' },
  'comment.update': { headline: '{actionUser} edited a comment', body: '{commentText}' },
  'comment.delete': { headline: '{actionUser} deleted a comment', body: '' },
  'comment.reaction_add': {
    headline: '{actionUser} reacted {reaction} to a comment',
    body: '{commentText}',
  },
  'comment.reaction_delete': {
    headline: '{actionUser} removed a reaction from a comment',
    body: '{commentText}',
  },
  // Digests of a batch window (D9.8): how many changes, the first and the last.
  'digest:document': { headline: '{count} updates in a document', body: '{first} … {last}' },
  'digest:user': { headline: '{count} updates for you', body: '{first} … {last}' },
};

/** Any other comment action (a trigger name this table does not know yet). */
export const FALLBACK_MESSAGE: DefaultMessage = {
  headline: '{actionUser} changed a thread',
  body: '',
};

/** What a headline says of a change whose author the event does not name. */
export const SOMEONE = 'Someone';

/** The message of `action` (`variant` first when the table has one). */
export function defaultMessageOf(action: string, variant?: string): DefaultMessage {
  return (
    (variant !== undefined ? DEFAULT_MESSAGES[`${action}:${variant}`] : undefined) ??
    DEFAULT_MESSAGES[action] ??
    FALLBACK_MESSAGE
  );
}

/** A user object as a text shows it: name, else email, else id. */
const shown = (value: unknown): string | undefined => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (value && typeof value === 'object') {
    const { name, email, userId } = value as Record<string, unknown>;
    for (const text of [name, email, userId]) if (typeof text === 'string' && text) return text;
  }
  return undefined;
};

/** A template with its variables written in; one it has no value for becomes empty. */
export function fillTemplate(template: string, data: Record<string, unknown>): string {
  return template
    .replace(/\{(\w+)\}/g, (_, name: string) =>
      Object.hasOwn(data, name) ? (shown(data[name]) ?? '') : '',
    )
    .trim();
}
