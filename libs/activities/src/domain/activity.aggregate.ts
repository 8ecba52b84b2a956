import { Aggregate, ItemRefused, streamId, streamTarget } from '@app/event-store';
import {
  ActivityAmended,
  ActivityDeleted,
  ActivityErased,
  ActivityLogged,
  ActivityMoved,
  type ActivityAmendment,
  type ActivityContent,
  type ActivityEvent,
  type ActivityRef,
} from './activity.events';

export const ACTIVITY_STREAM_TYPE = 'activity';
export const activityStream = ({ apiKey, organizationId, activityId }: ActivityRef) =>
  streamId(ACTIVITY_STREAM_TYPE, apiKey, organizationId, activityId);

/** Hosted messages (the activities pages), word for word. */
export const ACTIVITY_MESSAGES = {
  added: 'Activity(s) added successfully.',
  updated: 'Activity updated.',
  updateFailed: 'Failed to update activity.',
  deleted: 'Activity deleted.',
  deleteFailed: 'Failed to delete activity.',
  immutable: 'Activity is immutable.',
} as const;

/** The batch item code of a refusal because the record is immutable (D7.5). */
export const IMMUTABLE_CODE = 'failed-precondition';

/** One activity record of an organization (D7). */
export class Activity extends Aggregate<ActivityEvent> {
  content?: ActivityContent;

  constructor(readonly ref: ActivityRef) {
    super();
  }

  get exists(): boolean {
    return this.content !== undefined;
  }

  /** Logs it, or replaces it whole when the id exists (D7.1: writing it again is idempotent). */
  log(content: ActivityContent): void {
    this.raise(ActivityLogged({ ...this.ref, ...content }));
  }

  /** Operation 19: the fields given; an immutable record refuses (D7.5). */
  amend(amendment: ActivityAmendment, at: number): string {
    if (!this.content) throw new ItemRefused(ACTIVITY_MESSAGES.updateFailed, 'not-found');
    if (this.content.immutable) throw new ItemRefused(ACTIVITY_MESSAGES.immutable, IMMUTABLE_CODE);
    if (Object.keys(amendment).length > 0) {
      this.raise(ActivityAmended({ ...this.ref, amendment, at }));
    }
    return ACTIVITY_MESSAGES.updated;
  }

  delete(at: number): string {
    if (!this.content) throw new ItemRefused(ACTIVITY_MESSAGES.deleteFailed, 'not-found');
    if (this.content.immutable) throw new ItemRefused(ACTIVITY_MESSAGES.immutable, IMMUTABLE_CODE);
    this.raise(ActivityDeleted({ ...this.ref, at }));
    return ACTIVITY_MESSAGES.deleted;
  }

  /** Follows its document to `documentId` (a migration); nothing when it is elsewhere. */
  move(fromDocumentId: string, documentId: string, at: number): void {
    if (this.content?.documentId !== fromDocumentId) return;
    this.raise(ActivityMoved({ ...this.ref, fromDocumentId, documentId, at }));
  }

  /** Stores what erasure left of it (D8.3); immutability does not protect personal data. */
  erase(content: ActivityContent, at: number): void {
    if (!this.content) return;
    this.raise(ActivityErased({ ...this.ref, content, at }));
  }

  protected when(event: ActivityEvent): void {
    if (ActivityLogged.is(event)) {
      const { apiKey: _a, organizationId: _o, activityId: _i, ...content } = event.data;
      this.content = content;
    } else if (ActivityAmended.is(event)) {
      this.content = { ...this.content!, ...event.data.amendment };
    } else if (ActivityDeleted.is(event)) {
      this.content = undefined;
    } else if (ActivityMoved.is(event)) {
      this.content = { ...this.content!, documentId: event.data.documentId };
    } else if (ActivityErased.is(event)) {
      this.content = event.data.content;
    }
  }
}

export const activityTarget = (ref: ActivityRef) =>
  streamTarget(ACTIVITY_STREAM_TYPE, activityStream(ref), () => new Activity(ref));
