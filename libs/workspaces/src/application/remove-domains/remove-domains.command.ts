import { CommandOf } from '@app/platform';
import type { ApiKeyTenant } from '../../auth/tenant';

/** The hosted `domains/delete`: allowed domains taken off the calling key. */
export class RemoveDomainsCommand extends CommandOf<
  { tenant: ApiKeyTenant; domains: string[] },
  { domainsRemoved: string[] }
>() {}
