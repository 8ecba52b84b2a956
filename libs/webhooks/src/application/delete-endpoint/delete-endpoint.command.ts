import { CommandOf } from '@app/platform';
import type { ApiKeyTenant } from '@app/workspaces';

/** `advancedwebhook/endpoints/delete`: its pending deliveries are not sent. */
export class DeleteEndpointCommand extends CommandOf<
  { tenant: ApiKeyTenant; endpointId: string },
  { endpointId: string; deleted: true }
>() {}
