import { CommandOf } from '@app/platform';
import type { ApiKeyTenant } from '@app/workspaces';

/**
 * `webhooks/deliveries/retry` (D11.5): one failed delivery by id, or every failed one
 * recorded since a time (ms), sent again.
 */
export class RetryDeliveriesCommand extends CommandOf<
  { tenant: ApiKeyTenant; deliveryId?: string; since?: number },
  { deliveryIds: string[] }
>() {}
