import { CommandOf } from '@app/platform';
import type { ApiKeyTenant } from '../../auth/tenant';

/** Operation 3. */
export class AddDomainsCommand extends CommandOf<
  { tenant: ApiKeyTenant; domains: string[] },
  { domainsAdded: string[] }
>() {}
