import { CommandOf } from '@app/platform';
import type { ApiKeyTenant } from '@app/workspaces';
import type { ChannelSettings } from '../../domain/channel-levels';

/** One user's entry in the answer (see NOTIFICATION_SETTINGS_SET for the keying). */
export interface UserSettingsSet {
  success: true;
  userId: string;
  documentId?: string;
  documentIds?: string[];
  message: string;
}

/**
 * `POST /v2/notifications/config/set` (D9.6): `channels` merged into each user's settings at
 * organization level (`documentIds` undefined) or on each document. Neither the organization
 * nor the documents need exist: settings may come first.
 */
export class SetNotificationSettingsCommand extends CommandOf<
  {
    tenant: ApiKeyTenant;
    organizationId: string;
    documentIds: string[] | undefined;
    userIds: string[];
    channels: ChannelSettings;
  },
  Record<string, UserSettingsSet>
>() {}
