import { QueryOf } from '@app/platform';
import type { ApiKeyTenant } from '@app/workspaces';
import type { ChannelSettings } from '../../domain/channel-levels';

/** One entry of the answer: the settings in force, and where they apply. */
export interface NotificationSettingsView {
  config: ChannelSettings;
  metadata: { organizationId: string; apiKey: string; documentId?: string; userId: string };
}

/**
 * `POST /v2/notifications/config/get` (D9.6): one user's settings in force, the organization
 * level first when asked, then each document (document > organization > defaults).
 */
export class GetNotificationSettingsQuery extends QueryOf<
  {
    tenant: ApiKeyTenant;
    organizationId: string;
    userId: string;
    documentIds: string[];
    organizationLevel: boolean;
  },
  NotificationSettingsView[]
>() {}
