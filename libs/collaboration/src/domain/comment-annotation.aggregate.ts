import { detailsOf, replacementsIn } from './annotation-details';
import {
  AnnotationDetailsChanged,
  AnnotationUsersReplaced,
  type AnnotationDetails,
  type UserReplacement,
} from './annotation-update.events';
import { CollabRecord } from './collab-record.aggregate';
import { CollaborationError } from './collaboration.error';
import {
  AnnotationAssigned,
  AnnotationContextChanged,
  AnnotationDeleted,
  AnnotationPriorityChanged,
  AnnotationStatusChanged,
  CommentAdded,
  CommentAnnotationCreated,
  CommentDeleted,
  CommentEdited,
  CommentReactionAdded,
  CommentReactionRemoved,
  type CommentWritten,
} from './comment-annotation.events';
import {
  ANNOTATION_EXTRAS,
  COMMENT_EXTRAS,
  extrasOf,
  type AnnotationExtras,
  type CommentExtras,
} from './kinds/annotation-fields';
import {
  numberComments,
  type Comment,
  type CommentAnnotation,
  type TaggedContact,
} from './kinds/comment-annotation';
import { mentionedIds, type CollabUser, type Location } from './kinds/people';

/** A comment as callers send it (hosted `commentData[]`). */
export interface CommentInput extends CommentExtras {
  commentId?: number;
  commentText?: string;
  commentHtml?: string;
  from: CollabUser;
  taggedUserContacts?: TaggedContact[];
  context?: Record<string, unknown>;
  /** false: no derived notification for it (D10.3). */
  triggerNotification?: boolean;
  /** false: no derived activity record for it (D7.6). */
  triggerActivities?: boolean;
}

/**
 * A new annotation as callers send it; its author is the first comment's when not given. A
 * `suggestion` is kept only on a `type: 'suggestion'` annotation, its `status` the server's.
 */
export interface AnnotationInput extends Omit<AnnotationExtras, 'suggestion'> {
  suggestion?: Record<string, unknown>;
  annotationId: string;
  location?: Location;
  from?: CollabUser;
  status?: Record<string, unknown>;
  priority?: Record<string, unknown>;
  assignedTo?: CollabUser;
  context?: Record<string, unknown>;
  commentData: CommentInput[];
}

/** What an annotation update may change; `assignedTo: null` unassigns. */
export interface AnnotationChanges extends AnnotationDetails {
  status?: Record<string, unknown>;
  priority?: Record<string, unknown>;
  assignedTo?: CollabUser | null;
  context?: Record<string, unknown>;
}

export interface CommentChanges {
  commentText?: string;
  commentHtml?: string;
  taggedUserContacts?: TaggedContact[];
  context?: Record<string, unknown>;
  triggerNotification?: boolean;
  triggerActivities?: boolean;
}

/** Hosted comment results: keyed by comment id, which is a number. */
export type CommentResults = Record<
  string,
  { success: boolean; id: number; message: string; code?: 'not-found' }
>;

export const ANNOTATION_MISSING = 'Annotation not found.';
export const ANNOTATION_EXISTS = 'Annotation already exists.';

const mentionsIn = (text: string, html: string) => [
  ...new Set([...mentionedIds(text), ...mentionedIds(html)]),
];

/** A comment as the events carry it. */
function written(input: CommentInput & { commentId: number }): CommentWritten {
  const text = input.commentText ?? '';
  const html = input.commentHtml ?? '';
  return {
    commentId: input.commentId,
    text,
    html,
    from: input.from,
    taggedUsers: input.taggedUserContacts ?? [],
    mentionedUserIds: mentionsIn(text, html),
    ...(input.context && { context: input.context }),
    ...(input.triggerNotification === false && { triggerNotification: false }),
    ...(input.triggerActivities === false && { triggerActivities: false }),
    ...extrasOf(input, COMMENT_EXTRAS),
  };
}

/** A new annotation ready to be created: its comments numbered. */
export interface AnnotationDraft extends Omit<AnnotationInput, 'commentData' | 'from'> {
  from: CollabUser;
  comments: CommentWritten[];
}

/**
 * Checks and numbers a new annotation's comments; `field` is where they are in the request
 * (a commentId given twice is INVALID_ARGUMENT there).
 */
export function draftAnnotation(input: AnnotationInput, field: string): AnnotationDraft {
  const { commentData, from, ...rest } = input;
  return {
    ...rest,
    from: from ?? commentData[0].from,
    comments: numberComments([], commentData, field).map(written),
  };
}

/** A comment annotation: its comments, their reactions, its status, priority and assignee. */
export class CommentAnnotationRecord extends CollabRecord<CommentAnnotation> {
  create(draft: AnnotationDraft, at: number): void {
    if (this.state) throw new CollaborationError('ALREADY_EXISTS', ANNOTATION_EXISTS);
    const { location, from, status, priority, assignedTo, context, comments } = draft;
    const { suggestion, ...extras } = extrasOf(draft, ANNOTATION_EXTRAS);
    this.record(
      CommentAnnotationCreated,
      {
        ...extras,
        ...(suggestion &&
          draft.type === 'suggestion' && { suggestion: { ...suggestion, status: 'pending' } }),
        from,
        ...(location && { location }),
        ...(status && { status }),
        ...(priority && { priority }),
        ...(assignedTo && { assignedTo }),
        ...(context && { context }),
        comments,
      },
      at,
    );
  }

  /** One event per change given; none given changes nothing. */
  update(changes: AnnotationChanges, at: number): void {
    const a = this.existing();
    if (changes.status) {
      this.record(AnnotationStatusChanged, { ...previous(a.status), to: changes.status }, at);
    }
    if (changes.priority) {
      this.record(AnnotationPriorityChanged, { ...previous(a.priority), to: changes.priority }, at);
    }
    if (changes.assignedTo !== undefined) {
      this.record(AnnotationAssigned, { ...previous(a.assignedTo), to: changes.assignedTo }, at);
    }
    if (changes.context) this.record(AnnotationContextChanged, { to: changes.context }, at);
    const details = detailsOf(changes, a);
    if (details) this.record(AnnotationDetailsChanged, { to: details }, at);
  }

  /** Replaces users wherever they appear (hosted `updateUsers`); none involved, no event. */
  replaceUsers(replacements: UserReplacement[], at: number): void {
    const replacing = replacementsIn(this.existing(), replacements);
    if (replacing.length > 0) {
      this.record(AnnotationUsersReplaced, { replacements: replacing }, at);
    }
  }

  delete(at: number): void {
    this.existing();
    this.record(AnnotationDeleted, {}, at);
  }

  /** Adds comments; answers their ids (hosted `data: [commentId]`). */
  addComments(input: CommentInput[], at: number): number[] {
    const a = this.existing();
    const added = numberComments(a.comments, input, 'data.commentData').map(written);
    for (const comment of added) this.record(CommentAdded, comment, at);
    return added.map((c) => c.commentId);
  }

  editComments(commentIds: number[], changes: CommentChanges, at: number): CommentResults {
    const a = this.existing();
    return this.perComment(a, commentIds, 'Updated successfully', (c) => {
      const text = changes.commentText ?? c.commentText;
      const html = changes.commentHtml ?? c.commentHtml;
      const textChanged = changes.commentText !== undefined || changes.commentHtml !== undefined;
      this.record(
        CommentEdited,
        {
          commentId: c.commentId,
          ...(changes.commentText !== undefined && { text: changes.commentText }),
          ...(changes.commentHtml !== undefined && { html: changes.commentHtml }),
          ...(changes.taggedUserContacts !== undefined && {
            taggedUsers: changes.taggedUserContacts,
          }),
          ...(textChanged && { mentionedUserIds: mentionsIn(text, html) }),
          ...(changes.context !== undefined && { context: changes.context }),
          ...(changes.triggerNotification !== undefined && {
            triggerNotification: changes.triggerNotification,
          }),
          ...(changes.triggerActivities !== undefined && {
            triggerActivities: changes.triggerActivities,
          }),
        },
        at,
      );
    });
  }

  /** Deletes the listed comments, or all of them when none are listed (hosted). */
  deleteComments(commentIds: number[] | undefined, at: number): CommentResults {
    const a = this.existing();
    const ids = commentIds ?? a.comments.map((c) => c.commentId);
    return this.perComment(a, ids, 'Deleted successfully', (c) =>
      this.record(CommentDeleted, { commentId: c.commentId }, at),
    );
  }

  /** A user's reaction on a comment; the same user and icon twice is one reaction. */
  addReaction(commentId: number, icon: string, user: CollabUser, at: number) {
    this.comment(this.existing(), commentId);
    this.record(CommentReactionAdded, { commentId, icon, from: user }, at);
    return { success: true };
  }

  removeReaction(commentId: number, icon: string, userId: string, at: number) {
    const comment = this.comment(this.existing(), commentId);
    if (!comment.reactions.some((r) => r.icon === icon && r.from.userId === userId)) {
      throw new CollaborationError('NOT_FOUND', 'Reaction not found.', { commentId, icon });
    }
    this.record(CommentReactionRemoved, { commentId, icon, userId }, at);
    return { success: true };
  }

  private existing(): CommentAnnotation {
    if (!this.state) throw new CollaborationError('NOT_FOUND', ANNOTATION_MISSING);
    return this.state;
  }

  private comment(a: CommentAnnotation, commentId: number): Comment {
    const comment = a.comments.find((c) => c.commentId === commentId);
    if (!comment) throw new CollaborationError('NOT_FOUND', 'Comment not found.', { commentId });
    return comment;
  }

  /** Acts on each listed comment that exists (once); a missing one fails its own entry. */
  private perComment(
    a: CommentAnnotation,
    commentIds: number[],
    ok: string,
    act: (c: Comment) => void,
  ): CommentResults {
    const results: CommentResults = {};
    const wanted = new Set(commentIds);
    const found = new Set<number>();
    for (const c of a.comments) {
      if (!wanted.has(c.commentId) || found.has(c.commentId)) continue;
      found.add(c.commentId);
      act(c);
    }
    for (const id of commentIds) {
      results[String(id)] = found.has(id)
        ? { success: true, id, message: ok }
        : { success: false, id, message: 'Not found', code: 'not-found' };
    }
    return results;
  }
}

/** `{from}` when there was a value before, else nothing. */
const previous = <T>(value: T | undefined) => (value !== undefined ? { from: value } : {});
