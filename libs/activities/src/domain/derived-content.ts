import {
  plainCommentText,
  type CollabUser,
  type CommentChange,
  type Location,
} from '@app/collaboration';
import type { ActivityChange, ActivityContent, ActivityUser } from './activity.events';
import { DERIVED_TEMPLATES, UNASSIGN_TEMPLATE } from './derived-templates';
import type { DerivedAction } from './derived-vocabulary';

/**
 * Who made a change the event does not name (a status change, a removal): collaboration
 * writes carry no acting user for those, and a record must not credit someone who did not
 * make it. An empty id matches no user filter and no erasure.
 */
export const UNKNOWN_ACTOR: ActivityUser = { userId: '', name: 'Someone' };

/** A CRDT write as the log carries it: the editor's whole state, replacing the last one. */
export interface CrdtWrite {
  apiKey: string;
  organizationId: string;
  documentId: string;
  at: number;
  editorId: string;
  type: string;
  data: unknown;
  lastUpdatedBy: string;
  sessionId: string | null;
  location?: Location;
}

const userOf = (user: CollabUser | undefined): ActivityUser =>
  user?.userId ? { ...user } : UNKNOWN_ACTOR;

/** A person as a text names them: name, else email, else id. */
const nameOf = (user: { userId: string; name?: string; email?: string } | null | undefined) =>
  user ? user.name || user.email || user.userId : undefined;

/** A status or priority as a text shows it: its name, else its id. */
const labelOf = (value: unknown): string => {
  const { name, id } = (value ?? {}) as Record<string, unknown>;
  for (const text of [name, id]) {
    if (typeof text === 'string' && text) return text;
    if (typeof text === 'number') return String(text);
  }
  return '';
};

const locationOf = (location: Location | undefined) =>
  location?.id ? { location: { ...location } } : {};

interface Described {
  changes?: Record<string, ActivityChange>;
  vars?: Record<string, unknown>;
  template?: string;
}

/** What changed and the template variables, per action. */
function describe(change: CommentChange): Described {
  const { event, before } = change;
  switch (event.type) {
    case 'collaboration.annotation-status-changed': {
      const { from, to } = event.data;
      return { changes: { status: { from: from ?? null, to } }, vars: { status: labelOf(to) } };
    }
    case 'collaboration.annotation-priority-changed': {
      const { from, to } = event.data;
      return {
        changes: { priority: { from: from ?? null, to } },
        vars: { priority: labelOf(to) },
      };
    }
    case 'collaboration.annotation-assigned': {
      const { from, to } = event.data;
      const changes = { assignedTo: { from: from ?? null, to } };
      if (!to) return { changes, template: UNASSIGN_TEMPLATE };
      return { changes, vars: { assignee: nameOf(to) } };
    }
    case 'collaboration.comment-edited': {
      if (event.data.text === undefined) return {};
      const was = (
        before as { comments?: { commentId: number; commentText: string }[] }
      )?.comments?.find((c) => c.commentId === event.data.commentId);
      return { changes: { commentText: { from: was?.commentText ?? null, to: event.data.text } } };
    }
    case 'collaboration.comment-reaction-added':
      return {
        changes: { reaction: { to: event.data.icon } },
        vars: { reaction: event.data.icon },
      };
    case 'collaboration.comment-reaction-removed':
      return {
        changes: { reaction: { from: event.data.icon } },
        vars: { reaction: event.data.icon },
      };
    case 'collaboration.reaction-added':
      return {
        changes: { reaction: { to: event.data.icon } },
        vars: { reaction: event.data.icon },
      };
    case 'collaboration.reaction-removed': {
      const icon = (before as { icon?: string } | undefined)?.icon;
      return { changes: { reaction: { from: icon ?? null } } };
    }
    default:
      return {};
  }
}

/** The id of the record a change is about: the annotation, reaction or recording. */
const targetOf = (change: CommentChange): string =>
  change.annotation?.annotationId ?? change.event.data.recordId;

/**
 * The record a collaboration change makes (D7.6): who, what changed, the annotation (or
 * reaction, recording) after the change as `entityData`, the comment as `entityTargetData`,
 * the default template and its data, stamped `immutable` as the key's config says.
 */
export function derivedContentOf(
  change: CommentChange,
  action: DerivedAction,
  immutable: boolean,
): ActivityContent {
  const { event, record, targetComment } = change;
  const actionUser = userOf(change.actionUser);
  const { changes, vars, template } = describe(change);
  const isComment = action.actionType.startsWith('comment.');
  return {
    documentId: event.data.documentId,
    ...locationOf(change.location),
    featureType: action.featureType,
    actionType: action.actionType,
    actionUser,
    targetEntityId: targetOf(change),
    ...(isComment && targetComment && { targetSubEntityId: String(targetComment.commentId) }),
    ...(changes && { changes }),
    ...(record && { entityData: record }),
    ...(targetComment && { entityTargetData: targetComment }),
    displayMessageTemplate: template ?? DERIVED_TEMPLATES[action.actionType],
    displayMessageTemplateData: {
      actionUser: { ...actionUser, name: nameOf(actionUser) },
      // As a person reads it: a `{{userId}}` mention left in would read as a variable.
      ...(targetComment && { commentText: plainCommentText(targetComment, change.annotation) }),
      ...vars,
    },
    immutable,
    timestamp: event.data.at,
  };
}

/**
 * The record of a CRDT write, from the event alone: it carries the editor's whole state, so
 * the editor's stream (one event per write, unbounded) is never folded. `entityData` is the
 * editor without its data: a copy of the document in every record would grow the log by a
 * document per keystroke.
 */
export function crdtContentOf(write: CrdtWrite, immutable: boolean): ActivityContent {
  const actionUser = userOf(write.lastUpdatedBy ? { userId: write.lastUpdatedBy } : undefined);
  const { editorId, type, lastUpdatedBy, sessionId, location, at } = write;
  return {
    documentId: write.documentId,
    ...locationOf(location),
    featureType: 'crdt',
    actionType: 'crdt.editor_edit',
    actionUser,
    targetEntityId: editorId,
    entityData: {
      editorId,
      type,
      lastUpdatedBy,
      sessionId,
      ...(location && { location }),
      lastUpdate: at,
    },
    displayMessageTemplate: DERIVED_TEMPLATES['crdt.editor_edit'],
    displayMessageTemplateData: {
      actionUser: { ...actionUser, name: nameOf(actionUser) },
      editorId,
    },
    immutable,
    timestamp: at,
  };
}
