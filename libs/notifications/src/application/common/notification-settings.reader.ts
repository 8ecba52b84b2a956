import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  effectiveLevel,
  type ChannelLevel,
  type ChannelSettings,
} from '../../domain/channel-levels';

export type { ChannelLevel } from '../../domain/channel-levels';

/** A user's stored settings on one document: either level absent when nothing is set there. */
export interface StoredSettings {
  organization?: ChannelSettings;
  document?: ChannelSettings;
}

interface SettingsRow {
  user_id: string;
  document_id: string;
  channels: ChannelSettings;
}

/**
 * The settings of users on one document, for the library's own decisions (who is notified on
 * which channel) and payloads. One query per call, both levels at once, whatever the number
 * of users; run in the caller's transaction through its manager.
 */
@Injectable()
export class NotificationSettingsReader {
  /** The effective level of one channel for each user on one document: document > organization > default; unknown strings count as 'MINE'. */
  async levels(
    manager: EntityManager,
    apiKey: string,
    organizationId: string,
    documentId: string,
    userIds: string[],
    channel: string,
  ): Promise<Map<string, ChannelLevel>> {
    const stored = await this.stored(manager, apiKey, organizationId, documentId, userIds);
    return new Map(
      [...stored].map(([userId, { organization, document }]) => [
        userId,
        effectiveLevel(channel, organization, document),
      ]),
    );
  }

  /** The stored settings (both levels, raw values) of users, for comment webhook payloads: { organization?: Record<string,string>, document?: Record<string,string> } per user. */
  async stored(
    manager: EntityManager,
    apiKey: string,
    organizationId: string,
    documentId: string,
    userIds: string[],
  ): Promise<Map<string, StoredSettings>> {
    // Every user asked has an entry, `{}` when they set nothing.
    const out = new Map<string, StoredSettings>(userIds.map((userId) => [userId, {}]));
    if (out.size === 0) return out;
    const rows: SettingsRow[] = await manager.query(
      `SELECT user_id, document_id, channels FROM notification_settings
       WHERE api_key = $1 AND organization_id = $2 AND user_id = ANY($3::text[])
         AND document_id IN ('', $4)`,
      [apiKey, organizationId, [...out.keys()], documentId],
    );
    for (const row of rows) {
      const settings = out.get(row.user_id)!;
      // '' names the organization level; a document id is never empty (D4.3).
      if (row.document_id === '') settings.organization = row.channels;
      else settings.document = row.channels;
    }
    return out;
  }
}
