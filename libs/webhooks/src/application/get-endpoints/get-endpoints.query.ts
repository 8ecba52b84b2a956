import { Query } from '@nestjs/cqrs';
import type { ApiKeyTenant } from '@app/workspaces';
import type { EndpointView } from '../common/endpoint-view';

export interface EndpointsPage {
  endpoints: EndpointView[];
  iterator: string | null;
  prevIterator: null;
  done: boolean;
}

/** `advancedwebhook/endpoints/get`: in the order they were added, pages by `iterator`. */
export class GetEndpointsQuery extends Query<EndpointsPage> {
  constructor(
    readonly tenant: ApiKeyTenant,
    readonly limit: number,
    readonly iterator: string | undefined,
  ) {
    super();
  }
}
