import { Command } from '@nestjs/cqrs';
import type { WorkspaceTenant } from '../../auth/tenant';

export interface ResetApiKeyAuthTokenView {
  apiKey: string;
  newAuthToken: { token: string; name: string; domains: string[] };
}

/** D2.5 (the hosted `authtoken/reset`): the key's auth tokens are replaced by a new one. */
export class ResetApiKeyAuthTokenCommand extends Command<ResetApiKeyAuthTokenView> {
  constructor(
    readonly tenant: WorkspaceTenant,
    readonly apiKey: string,
  ) {
    super();
  }
}
