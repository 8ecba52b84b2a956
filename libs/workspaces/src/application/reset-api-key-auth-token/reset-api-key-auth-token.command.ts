import { CommandOf } from '@app/platform';
import type { WorkspaceTenant } from '../../auth/tenant';

export interface ResetApiKeyAuthTokenView {
  apiKey: string;
  newAuthToken: { token: string; name: string; domains: string[] };
}

/** D2.5 (the hosted `authtoken/reset`): the key's auth tokens are replaced by a new one. */
export class ResetApiKeyAuthTokenCommand extends CommandOf<
  { tenant: WorkspaceTenant; apiKey: string },
  ResetApiKeyAuthTokenView
>() {}
