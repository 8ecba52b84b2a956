import { Injectable } from '@nestjs/common';
import {
  exportChunk,
  Exporter,
  type ExportChunk,
  type ExportCursor,
  type ExportSubject,
  type UserDataExporter,
} from '@app/platform';
import { DataSource } from 'typeorm';
import { NOTIFICATION_VIEW } from '../api/dto/notification.response';
import {
  notificationView,
  type NotificationRow,
  type NotificationView,
} from '../application/common/notification-view';

/**
 * The notifications the user is involved in (hosted "notifications data"): addressed to
 * them (their inbox rows; `notifyUsersByUserId` for one still held back, D9.8), made by
 * them (`actionUser`), or read by them (read state is theirs too). From the `notifications`
 * read table, by (organization, notification id), each as operation 22 shows it to that
 * user (`isUnread`). Notifications for everyone that they never read name nothing of theirs
 * and are left out.
 */
@Injectable()
@Exporter({ features: { notifications: NOTIFICATION_VIEW } })
export class NotificationExporter implements UserDataExporter {
  constructor(private readonly dataSource: DataSource) {}

  async export(
    _feature: string,
    { apiKey, userId, organizationId }: ExportSubject,
    after: ExportCursor | null,
    limit: number,
  ): Promise<ExportChunk> {
    const [afterOrganization, afterId] = (after as string[] | null) ?? [];
    const rows: (NotificationRow & { organization_id: string })[] = await this.dataSource.query(
      `SELECT n.api_key, n.organization_id, n.notification_id, n.ts, n.record, n.read_by
       FROM notifications n
       WHERE n.api_key = $1
         AND ($3::text IS NULL OR n.organization_id = $3::text)
         AND ($4::text IS NULL OR (n.organization_id, n.notification_id) > ($4::text, $5::text))
         AND (EXISTS (SELECT 1 FROM notification_inbox i
                      WHERE i.api_key = n.api_key AND i.organization_id = n.organization_id
                        AND i.notification_id = n.notification_id AND i.user_id = $2)
              OR n.record->'actionUser'->>'userId' = $2
              OR jsonb_exists(COALESCE(n.record->'notifyUsersByUserId', '{}'::jsonb), $2)
              OR jsonb_exists(n.read_by, $2))
       ORDER BY n.organization_id, n.notification_id
       LIMIT $6`,
      [
        apiKey,
        userId,
        organizationId ?? null,
        afterOrganization ?? null,
        afterId ?? null,
        limit + 1,
      ],
    );
    return exportChunk(
      rows,
      limit,
      (row) => [row.organization_id, row.notification_id],
      (row) => ownPart(notificationView(row, userId), userId),
    );
  }
}

/**
 * A user's export holds their own data only: of the recipients and readers of a notification,
 * just the user (other people's ids and emails are theirs to export, not this user's).
 */
function ownPart(view: NotificationView, userId: string): NotificationView {
  const own = (map: Record<string, boolean>) =>
    Object.hasOwn(map, userId) ? { [userId]: map[userId] } : {};
  return {
    ...view,
    notifyUsers: own(view.notifyUsers),
    notifyUsersByUserId: own(view.notifyUsersByUserId),
    readByUserIds: view.readByUserIds.filter((id) => id === userId),
  };
}
