import { Aggregate, ItemRefused, streamId, streamTarget } from '@app/event-store';
import {
  NotificationAdded,
  NotificationChanged,
  NotificationDeleted,
  NotificationErased,
  NotificationMoved,
  NotificationRead,
  type NotificationChanges,
  type NotificationContent,
  type NotificationEvent,
  type NotificationRef,
  type ReadState,
} from './notification.events';

export const NOTIFICATION_STREAM_TYPE = 'notification';
export const notificationStream = ({ apiKey, organizationId, notificationId }: NotificationRef) =>
  streamId(NOTIFICATION_STREAM_TYPE, apiKey, organizationId, notificationId);

/** Hosted messages (operation 23 and the hosted update and delete pages). */
export const NOTIFICATION_MESSAGES = {
  added: 'Notification added successfully.',
  updated: 'Notification updated.',
  updateFailed: 'Failed to update notification.',
  deleted: 'Notification deleted.',
  deleteFailed: 'Failed to delete notification.',
} as const;

/** One notification of an organization (D9). */
export class Notification extends Aggregate<NotificationEvent> {
  content?: NotificationContent;
  readBy: ReadState = {};

  constructor(readonly ref: NotificationRef) {
    super();
  }

  get exists(): boolean {
    return this.content !== undefined;
  }

  /** Adds it, or replaces it whole when the id exists (D9.1: a retried call never duplicates). */
  add(content: NotificationContent, at: number): string {
    this.raise(NotificationAdded({ ...this.ref, ...content, at }));
    return NOTIFICATION_MESSAGES.added;
  }

  /** The hosted update (D9.5): fields, and read state for `readByUserIds`. */
  update(
    changes: NotificationChanges,
    read: { userIds: string[]; persist: boolean } | undefined,
    at: number,
  ): string {
    if (!this.exists) throw new ItemRefused(NOTIFICATION_MESSAGES.updateFailed, 'not-found');
    if (Object.keys(changes).length > 0) {
      this.raise(NotificationChanged({ ...this.ref, changes, at }));
    }
    if (read && read.userIds.length > 0) {
      this.raise(NotificationRead({ ...this.ref, ...read, at }));
    }
    return NOTIFICATION_MESSAGES.updated;
  }

  delete(at: number): string {
    if (!this.exists) throw new ItemRefused(NOTIFICATION_MESSAGES.deleteFailed, 'not-found');
    this.raise(NotificationDeleted({ ...this.ref, at }));
    return NOTIFICATION_MESSAGES.deleted;
  }

  /** Follows its document to `documentId` (a migration); nothing when it is elsewhere. */
  move(fromDocumentId: string, documentId: string, at: number): void {
    if (this.content?.documentId !== fromDocumentId) return;
    this.raise(NotificationMoved({ ...this.ref, fromDocumentId, documentId, at }));
  }

  /** Stores what erasure left of it (D8.3). */
  erase(content: NotificationContent, readBy: ReadState, at: number): void {
    if (!this.exists) return;
    this.raise(NotificationErased({ ...this.ref, content, readBy, at }));
  }

  protected when(event: NotificationEvent): void {
    if (NotificationAdded.is(event)) {
      const { apiKey: _a, organizationId: _o, notificationId: _n, at: _t, ...content } = event.data;
      this.content = content;
    } else if (NotificationChanged.is(event)) {
      this.content = { ...this.content!, ...event.data.changes };
    } else if (NotificationRead.is(event)) {
      const { userIds, persist, at } = event.data;
      // Own-property writes: a user id such as `__proto__` stays a plain key, as in the table.
      for (const userId of userIds) {
        Object.defineProperty(this.readBy, userId, {
          value: { at, persist },
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
    } else if (NotificationDeleted.is(event)) {
      this.content = undefined;
      this.readBy = {};
    } else if (NotificationMoved.is(event)) {
      this.content = { ...this.content!, documentId: event.data.documentId };
    } else if (NotificationErased.is(event)) {
      this.content = event.data.content;
      this.readBy = event.data.readBy;
    }
  }
}

export const notificationTarget = (ref: NotificationRef) =>
  streamTarget(NOTIFICATION_STREAM_TYPE, notificationStream(ref), () => new Notification(ref));
