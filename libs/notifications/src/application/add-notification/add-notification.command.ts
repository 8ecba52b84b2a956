import { CommandOf } from '@app/platform';
import type { ApiKeyTenant } from '@app/workspaces';
import type { AddNotificationRequest } from '../../api/dto/add-notification.request';

/** Operation 23's answer (spec): no id, as the spec shows it. */
export interface AddNotificationResult {
  success: boolean;
  message: string;
}

/** Operation 23: add a custom notification, or replace the one with its id (D9.1). */
export class AddNotificationCommand extends CommandOf<
  { tenant: ApiKeyTenant; input: AddNotificationRequest },
  AddNotificationResult
>() {}
