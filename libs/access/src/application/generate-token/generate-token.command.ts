import { CommandOf } from '@app/platform';
import type { ApiKeyTenant } from '@app/workspaces';
import type { GrantInput } from '../add-permissions/add-permissions.command';

/** What the token says about its user (hosted claims). */
export interface TokenSubject {
  userId: string;
  userProperties: { isAdmin?: boolean; name: string; email: string };
  resources: GrantInput[];
}

/** `/v2/auth/generate_token`: a signed JWT for a user of the client SDK (D15.1). */
export class GenerateTokenCommand extends CommandOf<
  { tenant: ApiKeyTenant; subject: TokenSubject },
  { token: string }
>() {}
