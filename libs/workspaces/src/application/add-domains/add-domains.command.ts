import { Command } from '@nestjs/cqrs';
import type { ApiKeyTenant } from '../../auth/tenant';

/** Operation 3. */
export class AddDomainsCommand extends Command<{ domainsAdded: string[] }> {
  constructor(
    readonly tenant: ApiKeyTenant,
    readonly domains: string[],
  ) {
    super();
  }
}
