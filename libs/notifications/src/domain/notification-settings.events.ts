import { defineEvent, type EventOf } from '@app/event-store';
import type { ChannelSettings } from './channel-levels';

/** Whose settings, at which level: `documentId` is '' at organization level (D9.6). */
export interface NotificationSettingsRef {
  apiKey: string;
  organizationId: string;
  documentId: string;
  userId: string;
}

/** Channels a user set at one level: only those that changed, merged into what was there. */
export const NotificationSettingsSet = defineEvent<
  NotificationSettingsRef & { channels: ChannelSettings; at: number }
>()('notifications.user-settings-set');

/** Its document was migrated (D6.7): the settings (`channels`) left this level for `toDocumentId`. */
export const NotificationSettingsMoved = defineEvent<
  NotificationSettingsRef & { channels: ChannelSettings; toDocumentId: string; at: number }
>()('notifications.user-settings-moved');

export const NOTIFICATION_SETTINGS_EVENTS = { NotificationSettingsSet, NotificationSettingsMoved };
export type NotificationSettingsEvent = EventOf<typeof NOTIFICATION_SETTINGS_EVENTS>;
