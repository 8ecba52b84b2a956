import { defineEvent, type EventOf } from '@app/event-store';

/** A person as a notification names them: the hosted user object, extra fields kept. */
export interface NotificationUser extends Record<string, unknown> {
  userId?: string;
  name?: string;
  email?: string;
}

/** Every notification event names the notification it is about (D4.2: id per organization). */
export interface NotificationRef {
  apiKey: string;
  organizationId: string;
  notificationId: string;
}

/**
 * What a notification is (D9.2, hosted data model), apart from its ids and read state. The
 * recipients are kept as the hosted maps: `notifyUsers` keyed by email (else userId),
 * `notifyUsersByUserId` keyed by userId; the inbox of a user is every notification whose
 * `notifyUsersByUserId` names them, plus those for everyone (`notifyAll`).
 */
export interface NotificationContent {
  documentId: string;
  location?: { id: string; locationName?: string } & Record<string, unknown>;
  /** `custom` for operation 23; `comment` for those derived from comments (D9.7). */
  notificationSource: string;
  actionType?: string;
  actionUser?: NotificationUser;
  displayHeadlineMessageTemplate?: string;
  displayHeadlineMessageTemplateData?: Record<string, unknown>;
  displayBodyMessage?: string;
  targetAnnotationId?: string;
  notificationSourceData?: unknown;
  notifyUsers: Record<string, boolean>;
  notifyUsersByUserId: Record<string, boolean>;
  /**
   * userId → email of the recipients given with both, which the maps above do not pair:
   * erasure (D8.3) learns a recipient's email from it. Never shown.
   */
  recipientEmails?: Record<string, string>;
  notifyAll: boolean;
  /** Hosted fields stored and returned as given. */
  verifyUserPermissions?: boolean;
  isNotificationResolverUsed?: boolean;
  context?: { access: Record<string, unknown> };
  /** When it happened (epoch ms): pages are ordered by it, then by id. */
  timestamp: number;
  /**
   * A derived notification held back (D9.8: a delay, a batch window) until about then (epoch
   * ms): stored, but in no inbox and no page until its delivery replaces it without this.
   */
  heldUntil?: number;
}

/** Who has read a notification: user id → when, and whether it stays in their "For You" list. */
export type ReadState = Record<string, { at: number; persist: boolean }>;

/** Made, or replaced whole (operation 23 with an id that exists; a retried call). */
export const NotificationAdded = defineEvent<
  NotificationRef & NotificationContent & { at: number }
>()('notifications.notification-added');

/** Fields the hosted update may change (D9.5); only those given. */
export type NotificationChanges = Partial<
  Pick<
    NotificationContent,
    | 'actionUser'
    | 'displayHeadlineMessageTemplate'
    | 'displayHeadlineMessageTemplateData'
    | 'displayBodyMessage'
    | 'notificationSourceData'
  >
>;

export const NotificationChanged = defineEvent<
  NotificationRef & { changes: NotificationChanges; at: number }
>()('notifications.notification-changed');

/** Users marked the notification read (`readByUserIds` of the hosted update). */
export const NotificationRead = defineEvent<
  NotificationRef & { userIds: string[]; persist: boolean; at: number }
>()('notifications.notification-read');

export const NotificationDeleted = defineEvent<NotificationRef & { at: number }>()(
  'notifications.notification-deleted',
);

/** Its document was migrated to a new id (D6.7); the notification follows it. */
export const NotificationMoved = defineEvent<
  NotificationRef & { fromDocumentId: string; documentId: string; at: number }
>()('notifications.notification-moved');

/**
 * Users were erased from it (D8.3): the content and read state as erasure left them, whole,
 * so the read tables are rebuilt from this event alone.
 */
export const NotificationErased = defineEvent<
  NotificationRef & { content: NotificationContent; readBy: ReadState; at: number }
>()('notifications.notification-erased');

export const NOTIFICATION_EVENTS = {
  NotificationAdded,
  NotificationChanged,
  NotificationRead,
  NotificationDeleted,
  NotificationMoved,
  NotificationErased,
};
export type NotificationEvent = EventOf<typeof NOTIFICATION_EVENTS>;
