import { createHash } from 'node:crypto';
import {
  plainCommentText,
  recipientsOf,
  type CommentAnnotation,
  type CommentChange,
} from '@app/collaboration';
import { defaultMessageOf, fillTemplate, SOMEONE, type MessageVariables } from './default-messages';
import type { NotificationContent, NotificationUser } from './notification.events';

/** `notificationSource` of the notifications comments make (D9.7). */
export const COMMENT_SOURCE = 'comment';

/** The actor in the metadata of what the derived-notifications process writes (D9.7). */
export const DERIVED_NOTIFICATIONS_ACTOR = 'process:derived-notifications';

/**
 * The id of the notification one event of the log makes: the same for the same event, so a
 * replayed event finds its notification made. Within D4.3's alphabet and length.
 */
export const derivedNotificationId = (eventId: string): string =>
  `comment_${createHash('sha256').update(eventId).digest('base64url').slice(0, 32)}`;

/** One comment change as a notification tells it: what, who, where, and the default texts. */
export interface DerivedActivity {
  actionType: string;
  actionUser?: NotificationUser;
  targetAnnotationId: string;
  documentId: string;
  location?: NotificationContent['location'];
  timestamp: number;
  displayHeadlineMessageTemplate: string;
  displayHeadlineMessageTemplateData: Record<string, unknown>;
  displayBodyMessage: string;
  /** The annotation right after the change (as it was, for a deletion). */
  notificationSourceData: CommentAnnotation;
}

/** A status or priority as a text shows it: its name, else its id. */
const label = (value: unknown): string | undefined => {
  const { name, id } = (value ?? {}) as Record<string, unknown>;
  for (const text of [name, id]) {
    if (typeof text === 'string' && text) return text;
    if (typeof text === 'number') return String(text);
  }
  return undefined;
};

const person = (user: { userId?: string; name?: string; email?: string } | undefined) =>
  user?.name || user?.email || user?.userId || undefined;

/** The variables a change's message may use, and which variant of it reads right. */
function variablesOf(
  change: CommentChange,
  annotation: CommentAnnotation,
): { vars: MessageVariables; variant?: string } {
  const { action, targetComment, event } = change;
  const vars: MessageVariables = {};
  if (targetComment) vars.commentText = plainCommentText(targetComment, annotation);
  switch (action) {
    case 'comment_annotation.status_change':
      vars.status = label(annotation.status) ?? '';
      return { vars };
    case 'comment_annotation.priority_change':
      vars.priority = label(annotation.priority) ?? '';
      return { vars };
    case 'comment_annotation.assign': {
      const assignee = person(annotation.assignedTo);
      if (assignee === undefined) return { vars, variant: 'none' };
      vars.assignee = assignee;
      return { vars };
    }
    case 'comment.reaction_add':
    case 'comment.reaction_delete': {
      const icon = (event.data as { icon?: unknown }).icon;
      if (typeof icon === 'string') vars.reaction = icon;
      return { vars };
    }
    case 'comment_annotation.add':
    case 'comment.add': {
      // The users the new comment tags, named as the thread shows them.
      const tagged = recipientsOf(annotation, {
        actionUserId: change.actionUser?.userId,
        targetComment,
      }).filter((r) => r.reason === 'tagged');
      if (tagged.length === 0) return { vars };
      vars.mentioned = tagged.map((r) => person(r) ?? r.userId).join(', ');
      return { vars, variant: 'mention' };
    }
    default:
      return { vars };
  }
}

/**
 * The activity a comment change makes (D9.7): its hosted action, its author, where it is,
 * and the default headline (a template) and body (plain text) of `default-messages.ts`.
 * Undefined for a change to anything but a comment annotation.
 */
export function activityOf(change: CommentChange): DerivedActivity | undefined {
  const annotation = change.annotation;
  if (!annotation) return undefined;
  const d = change.event.data;
  const { vars, variant } = variablesOf(change, annotation);
  const message = defaultMessageOf(change.action, variant);
  const actionUser = change.actionUser && { ...change.actionUser };
  const data: Record<string, unknown> = {
    ...(actionUser && { actionUser }),
    ...Object.fromEntries(Object.entries(vars).filter(([, v]) => v !== undefined)),
  };
  return {
    actionType: change.action,
    ...(actionUser && { actionUser }),
    targetAnnotationId: annotation.annotationId,
    documentId: d.documentId,
    ...(change.location && { location: { ...change.location } }),
    timestamp: d.at,
    displayHeadlineMessageTemplate: actionUser
      ? message.headline
      : message.headline.replaceAll('{actionUser}', SOMEONE),
    displayHeadlineMessageTemplateData: data,
    displayBodyMessage: fillTemplate(message.body, data),
    notificationSourceData: annotation,
  };
}

/** The headline of an activity as a person reads it (a digest's first and last). */
export const headlineOf = (a: DerivedActivity): string =>
  fillTemplate(a.displayHeadlineMessageTemplate, a.displayHeadlineMessageTemplateData);
