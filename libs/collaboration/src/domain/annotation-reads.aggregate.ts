import { Aggregate, streamId } from '@app/event-store';
import {
  AnnotationRead,
  AnnotationUnread,
  type AnnotationReadEvent,
} from './annotation-reads.events';

export const ANNOTATION_READS_STREAM_TYPE = 'annotation-reads';

/** Where an annotation's read marks live (no user in the stream id: erasure rewrites payloads). */
export interface AnnotationReadsRef {
  apiKey: string;
  organizationId: string;
  documentId: string;
  annotationId: string;
}

export const annotationReadsStream = (r: AnnotationReadsRef) =>
  streamId(ANNOTATION_READS_STREAM_TYPE, r.apiKey, r.organizationId, r.documentId, r.annotationId);

/** The users who read one annotation: marking it read again moves the mark to now. */
export class AnnotationReads extends Aggregate<AnnotationReadEvent> {
  private readonly readers = new Set<string>();

  constructor(readonly ref: AnnotationReadsRef) {
    super();
  }

  read(userId: string, readUpTo: number, at: number): void {
    this.raise(AnnotationRead({ ...this.ref, userId, at, readUpTo }));
  }

  /** Marking unread what the user has not read changes nothing. */
  unread(userId: string, at: number): void {
    if (this.readers.has(userId)) this.raise(AnnotationUnread({ ...this.ref, userId, at }));
  }

  protected when(event: AnnotationReadEvent): void {
    const { userId, erased } = event.data;
    if (erased || userId === undefined) return;
    if (AnnotationRead.is(event)) this.readers.add(userId);
    else this.readers.delete(userId);
  }
}
