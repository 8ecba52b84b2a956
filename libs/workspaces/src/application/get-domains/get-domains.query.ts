import { Query } from '@nestjs/cqrs';
import type { ApiKeyTenant } from '../../auth/tenant';

/** The hosted `domains/get`: the calling key's allowed domains. */
export class GetDomainsQuery extends Query<{ allowedDomains: string[] }> {
  constructor(readonly tenant: ApiKeyTenant) {
    super();
  }
}
