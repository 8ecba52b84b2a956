import { IsIn } from 'class-validator';
import { DEFAULT_PAGE_SIZE, IdFilter, OptionalField, PageSize, PageToken } from '@app/platform';
import { NotificationSelectionRequest } from './notification-selection.request';

/**
 * Operation 22: `organizationId` with `documentId` or `userId` (D9.3, the handler checks
 * which), narrowed by location and ids, in keyset pages ordered by timestamp.
 */
export class GetNotificationsRequest extends NotificationSelectionRequest {
  @IdFilter()
  notificationIds?: string[];

  @PageSize()
  pageSize: number = DEFAULT_PAGE_SIZE;

  @PageToken()
  pageToken?: string;

  @OptionalField()
  @IsIn(['asc', 'desc'], { message: '$property must be asc or desc' })
  order: 'asc' | 'desc' = 'desc';
}
