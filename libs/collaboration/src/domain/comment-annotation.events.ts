import { defineEvent } from '@app/event-store';
import type { RecordEventData } from './collab-record.events';
import type { AnnotationExtras, CommentExtras } from './kinds/annotation-fields';
import type { TaggedContact } from './kinds/comment-annotation';
import type { CollabUser, Location } from './kinds/people';

/**
 * A comment as written: its text, author, tags and the users its text mentions (`{{id}}`).
 * `triggerNotification: false` keeps it out of derived notifications (D10.3), and
 * `triggerActivities: false` out of derived activity records (D7.6); each is stored only when
 * false (absent, the comment notifies and is logged).
 */
export interface CommentWritten extends CommentExtras {
  commentId: number;
  text: string;
  html: string;
  from: CollabUser;
  taggedUsers: TaggedContact[];
  mentionedUserIds: string[];
  context?: Record<string, unknown>;
  triggerNotification?: boolean;
  triggerActivities?: boolean;
}

/** A new annotation with its first comments. */
export const CommentAnnotationCreated = defineEvent<
  RecordEventData &
    AnnotationExtras & {
      from: CollabUser;
      location?: Location;
      status?: Record<string, unknown>;
      priority?: Record<string, unknown>;
      assignedTo?: CollabUser;
      context?: Record<string, unknown>;
      comments: CommentWritten[];
    }
>()('collaboration.comment-annotation-created');

export const CommentAdded = defineEvent<RecordEventData & CommentWritten>()(
  'collaboration.comment-added',
);

/** What an edit changed; fields not given are as they were. */
export const CommentEdited = defineEvent<
  RecordEventData & {
    commentId: number;
    text?: string;
    html?: string;
    taggedUsers?: TaggedContact[];
    mentionedUserIds?: string[];
    context?: Record<string, unknown>;
    triggerNotification?: boolean;
    triggerActivities?: boolean;
  }
>()('collaboration.comment-edited');

export const CommentDeleted = defineEvent<RecordEventData & { commentId: number }>()(
  'collaboration.comment-deleted',
);

/** A user's reaction on a comment; the same user and icon again replaces the first. */
export const CommentReactionAdded = defineEvent<
  RecordEventData & { commentId: number; icon: string; from: CollabUser }
>()('collaboration.comment-reaction-added');

export const CommentReactionRemoved = defineEvent<
  RecordEventData & { commentId: number; icon: string; userId: string }
>()('collaboration.comment-reaction-removed');

/** `from` is absent when the annotation had none. */
export const AnnotationStatusChanged = defineEvent<
  RecordEventData & { from?: Record<string, unknown>; to: Record<string, unknown> }
>()('collaboration.annotation-status-changed');

export const AnnotationPriorityChanged = defineEvent<
  RecordEventData & { from?: Record<string, unknown>; to: Record<string, unknown> }
>()('collaboration.annotation-priority-changed');

/** `to: null` unassigns; `from` is absent when nobody was assigned. */
export const AnnotationAssigned = defineEvent<
  RecordEventData & { from?: CollabUser; to: CollabUser | null }
>()('collaboration.annotation-assigned');

export const AnnotationContextChanged = defineEvent<
  RecordEventData & { to: Record<string, unknown> }
>()('collaboration.annotation-context-changed');

/** Deleted by its delete operation. */
export const AnnotationDeleted = defineEvent<RecordEventData>()('collaboration.annotation-deleted');

export const COMMENT_ANNOTATION_EVENTS = {
  CommentAnnotationCreated,
  CommentAdded,
  CommentEdited,
  CommentDeleted,
  CommentReactionAdded,
  CommentReactionRemoved,
  AnnotationStatusChanged,
  AnnotationPriorityChanged,
  AnnotationAssigned,
  AnnotationContextChanged,
  AnnotationDeleted,
};
