import type { NotificationContent, ReadState } from '../../domain/notification.events';

/** A notification as operations 22 shows it (hosted data model). */
export interface NotificationView extends Record<string, unknown> {
  id: string;
  notificationSource: string;
  timestamp: number;
  metadata: {
    apiKey: string;
    organizationId: string;
    documentId: string;
    locationId?: string;
    location?: Record<string, unknown>;
  };
  notifyUsers: Record<string, boolean>;
  notifyUsersByUserId: Record<string, boolean>;
  readByUserIds: string[];
  /** Only when the read asks for one user. */
  isUnread?: boolean;
}

export interface NotificationRow {
  api_key: string;
  organization_id: string;
  notification_id: string;
  ts: string;
  record: NotificationContent;
  read_by: ReadState;
}

/**
 * The view of a stored row; `userId` adds that user's unread flag. `recipientEmails` is for
 * erasure, not shown: the hosted model has no such field.
 */
export function notificationView(row: NotificationRow, userId?: string): NotificationView {
  const { documentId, location, timestamp: _t, recipientEmails: _e, ...rest } = row.record;
  return {
    id: row.notification_id,
    ...rest,
    timestamp: Number(row.ts),
    metadata: {
      apiKey: row.api_key,
      organizationId: row.organization_id,
      documentId,
      ...(location && { locationId: location.id, location }),
    },
    readByUserIds: Object.keys(row.read_by),
    ...(userId !== undefined && { isUnread: !Object.hasOwn(row.read_by, userId) }),
  };
}
