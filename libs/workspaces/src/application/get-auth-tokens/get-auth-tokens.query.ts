import { Query } from '@nestjs/cqrs';
import type { WorkspaceTenant } from '../../auth/tenant';

export interface AuthTokensView {
  apiKey: string;
  authTokens: { token: string; name: string; domains: string[] }[];
}

/** Operation 2. */
export class GetAuthTokensQuery extends Query<AuthTokensView> {
  constructor(
    readonly tenant: WorkspaceTenant,
    readonly apiKey: string,
  ) {
    super();
  }
}
