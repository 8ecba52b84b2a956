import { Command } from '@nestjs/cqrs';
import type { ApiKeyTenant } from '../../auth/tenant';

/** The hosted `domains/delete`: allowed domains taken off the calling key. */
export class RemoveDomainsCommand extends Command<{ domainsRemoved: string[] }> {
  constructor(
    readonly tenant: ApiKeyTenant,
    readonly domains: string[],
  ) {
    super();
  }
}
