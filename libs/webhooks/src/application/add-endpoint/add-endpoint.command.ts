import { CommandOf } from '@app/platform';
import type { ApiKeyTenant } from '@app/workspaces';
import type { NewEndpoint } from '../../domain/webhook-settings.aggregate';
import type { EndpointView } from '../common/endpoint-view';

/** `advancedwebhook/endpoints/create`: the server makes the id and the signing secret. */
export class AddEndpointCommand extends CommandOf<
  { tenant: ApiKeyTenant; endpoint: NewEndpoint },
  EndpointView
>() {}
