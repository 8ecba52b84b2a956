import { CommandOf } from '@app/platform';
import type { WorkspaceTenant } from '../../auth/tenant';

/** D2.5: replaces the workspace auth token; the new one is shown once. */
export class ResetWorkspaceAuthTokenCommand extends CommandOf<
  { tenant: WorkspaceTenant },
  { authToken: string }
>() {}
