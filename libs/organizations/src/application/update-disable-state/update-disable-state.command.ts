import { CommandOf } from '@app/platform';
import type { BatchResult } from '@app/event-store';
import type { ApiKeyTenant } from '@app/workspaces';

/** Hosted `organizations/access/disablestate/update`. */
export class UpdateDisableStateCommand extends CommandOf<
  { tenant: ApiKeyTenant; organizationIds: string[]; disabled: boolean },
  BatchResult
>() {}
