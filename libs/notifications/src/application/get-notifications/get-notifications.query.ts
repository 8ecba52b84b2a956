import { QueryOf, type Page } from '@app/platform';
import type { ApiKeyTenant } from '@app/workspaces';
import type { NotificationView } from '../common/notification-view';

export interface NotificationFilter {
  organizationId: string;
  documentId?: string;
  locationId?: string;
  userId?: string;
  notificationIds?: string[];
  order: 'asc' | 'desc';
}

/** Operation 22: one keyset page of an organization's notifications. */
export class GetNotificationsQuery extends QueryOf<
  {
    tenant: ApiKeyTenant;
    filter: NotificationFilter;
    pageSize: number;
    pageToken: string | undefined;
  },
  Page<NotificationView>
>() {}
