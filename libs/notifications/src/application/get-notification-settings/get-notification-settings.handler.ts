import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { effectiveSettings, type ChannelSettings } from '../../domain/channel-levels';
import {
  GetNotificationSettingsQuery,
  type NotificationSettingsView,
} from './get-notification-settings.query';

interface SettingsRow {
  document_id: string;
  channels: ChannelSettings;
}

@QueryHandler(GetNotificationSettingsQuery)
export class GetNotificationSettingsHandler implements IQueryHandler<GetNotificationSettingsQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute(query: GetNotificationSettingsQuery): Promise<NotificationSettingsView[]> {
    const { tenant, organizationId, userId, organizationLevel } = query;
    const documentIds = [...new Set(query.documentIds)];
    // Both levels of every document asked, in one query ('' is the organization level).
    const rows: SettingsRow[] = await this.dataSource.query(
      `SELECT document_id, channels FROM notification_settings
       WHERE api_key = $1 AND organization_id = $2 AND user_id = $3
         AND document_id = ANY($4::text[])`,
      [tenant.apiKey, organizationId, userId, ['', ...documentIds]],
    );
    const stored = new Map(rows.map((row) => [row.document_id, row.channels]));
    const organization = stored.get('');
    const metadata = { organizationId, apiKey: tenant.apiKey };
    return [
      ...(organizationLevel
        ? [{ config: effectiveSettings(organization), metadata: { ...metadata, userId } }]
        : []),
      ...documentIds.map((documentId) => ({
        config: effectiveSettings(organization, stored.get(documentId)),
        metadata: { ...metadata, documentId, userId },
      })),
    ];
  }
}
