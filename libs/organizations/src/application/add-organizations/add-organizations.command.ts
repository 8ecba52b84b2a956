import { CommandOf } from '@app/platform';
import type { BatchResult } from '@app/event-store';
import type { ApiKeyTenant } from '@app/workspaces';
import type { OrganizationItem } from '../common/organization-item';

/** Operation 6. */
export class AddOrganizationsCommand extends CommandOf<
  { tenant: ApiKeyTenant; organizations: OrganizationItem[] },
  BatchResult
>() {}
