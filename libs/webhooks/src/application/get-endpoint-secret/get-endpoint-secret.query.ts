import { Query } from '@nestjs/cqrs';
import type { ApiKeyTenant } from '@app/workspaces';

/** `advancedwebhook/endpoints/secret/get`: the `whsec_` secret receivers verify with. */
export class GetEndpointSecretQuery extends Query<{ endpointId: string; secret: string }> {
  constructor(
    readonly tenant: ApiKeyTenant,
    readonly endpointId: string,
  ) {
    super();
  }
}
