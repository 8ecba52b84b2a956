import { Injectable } from '@nestjs/common';
import { Projection, type InlineProjection, type RecordedEvent } from '@app/event-store';
import type { EntityManager } from 'typeorm';
import {
  NotificationSettingsMoved,
  NotificationSettingsSet,
} from '../domain/notification-settings.events';

interface Row {
  api_key: string;
  organization_id: string;
  user_id: string;
  document_id: string;
  channels: Record<string, string>;
  version: number;
}

/**
 * Keeps `notification_settings` current: channels merged into the row, guarded by stream
 * version, all rows of an append in one statement. Events of one stream are folded first:
 * one statement may not update a row twice.
 */
@Projection()
@Injectable()
export class NotificationSettingsProjection implements InlineProjection {
  readonly tables = ['notification_settings'];
  readonly handles = [NotificationSettingsSet.type, NotificationSettingsMoved.type];

  async project(events: RecordedEvent[], m: EntityManager): Promise<void> {
    const rows = new Map<string, Row>();
    // Rows whose settings a migration moved away: deleted before any later set is written.
    const moved: Omit<Row, 'channels'>[] = [];
    for (const event of events) {
      if (NotificationSettingsMoved.is(event)) {
        const { apiKey, organizationId, userId, documentId } = event.data;
        rows.delete(event.streamId);
        moved.push({
          api_key: apiKey,
          organization_id: organizationId,
          user_id: userId,
          document_id: documentId,
          version: event.streamVersion,
        });
        continue;
      }
      if (!NotificationSettingsSet.is(event)) continue;
      const { apiKey, organizationId, userId, documentId, channels } = event.data;
      const row = rows.get(event.streamId);
      rows.set(event.streamId, {
        api_key: apiKey,
        organization_id: organizationId,
        user_id: userId,
        document_id: documentId,
        channels: { ...row?.channels, ...channels },
        version: event.streamVersion,
      });
    }
    if (moved.length > 0) {
      await m.query(
        `DELETE FROM notification_settings s
         USING json_to_recordset($1::json) AS x(api_key text, organization_id text,
           user_id text, document_id text, version bigint)
         WHERE s.api_key = x.api_key AND s.organization_id = x.organization_id
           AND s.user_id = x.user_id AND s.document_id = x.document_id AND s.version < x.version`,
        [JSON.stringify(moved)],
      );
    }
    if (rows.size === 0) return;
    await m.query(
      `INSERT INTO notification_settings AS s (api_key, organization_id, user_id, document_id,
         channels, version)
       SELECT * FROM json_to_recordset($1::json) AS r(api_key text, organization_id text,
         user_id text, document_id text, channels jsonb, version bigint)
       ON CONFLICT (api_key, organization_id, user_id, document_id) DO UPDATE SET
         channels = s.channels || excluded.channels, version = excluded.version
       WHERE s.version < excluded.version`,
      [JSON.stringify([...rows.values()])],
    );
  }
}
