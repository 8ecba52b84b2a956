import { CommandOf } from '@app/platform';
import type { ApiKeyTenant } from '@app/workspaces';
import type { DeletionResult } from './deletion-result';

/** Hosted `organizations/delete` (D6.9). */
export class DeleteOrganizationsCommand extends CommandOf<
  { tenant: ApiKeyTenant; organizationIds: string[] },
  DeletionResult
>() {}
