import { CommandOf } from '@app/platform';
import type { WorkspaceTenant } from '../../auth/tenant';

/** The hosted `apikey/update`: a key of the caller's workspace gets a new display name. */
export class RenameApiKeyCommand extends CommandOf<
  { tenant: WorkspaceTenant; apiKey: string; apiKeyName: string },
  null
>() {}
