import { CommandOf } from '@app/platform';
import type { ApiKeyTenant } from '@app/workspaces';
import type { EndpointChanges } from '../../domain/webhook-settings.events';
import type { EndpointView } from '../common/endpoint-view';

/** `advancedwebhook/endpoints/update`: fields not sent are kept. */
export class UpdateEndpointCommand extends CommandOf<
  { tenant: ApiKeyTenant; endpointId: string; changes: EndpointChanges },
  EndpointView
>() {}
