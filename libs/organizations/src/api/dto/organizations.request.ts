import { BatchOf } from '@app/platform';
import { OrganizationItemDto } from './organization-item.dto';

/** Operations 6 and 7. */
export class OrganizationsRequest {
  @BatchOf(() => OrganizationItemDto)
  organizations: OrganizationItemDto[];
}
