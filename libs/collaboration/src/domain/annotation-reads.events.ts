import { defineEvent, type EventOf } from '@app/event-store';

/**
 * Who read an annotation, and when (the hosted SDK's `viewedBy`, D10): one stream per
 * annotation, apart from the annotation's own so that reading it changes nothing of it
 * (not its `lastUpdated`). `erased` marks an event whose reader was erased (D8.3): its
 * `userId` is gone and folding it changes nothing.
 */
export interface AnnotationReadData {
  apiKey: string;
  organizationId: string;
  documentId: string;
  annotationId: string;
  userId?: string;
  /** When it was marked. */
  at: number;
  /**
   * Read marks only: the time of the latest comment the user has read, the annotation's latest
   * when marked (0: none yet). A comment newer than this makes the annotation unread again.
   */
  readUpTo?: number;
  erased?: true;
}

/** A user read the annotation's comments (SDK `markAsRead`). */
export const AnnotationRead = defineEvent<AnnotationReadData>()('collaboration.annotation-read');

/** A user marked the annotation unread again (SDK `markAsUnread`). */
export const AnnotationUnread = defineEvent<AnnotationReadData>()(
  'collaboration.annotation-marked-unread',
);

export const ANNOTATION_READ_EVENTS = { AnnotationRead, AnnotationUnread };
export type AnnotationReadEvent = EventOf<typeof ANNOTATION_READ_EVENTS>;
export const ANNOTATION_READ_TYPES: string[] = [AnnotationRead.type, AnnotationUnread.type];
