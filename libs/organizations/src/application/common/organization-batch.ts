import type { StreamBatch } from '@app/event-store';
import { metadataOf, type ApiKeyTenant } from '@app/workspaces';
import {
  Organization,
  ORGANIZATION_STREAM_TYPE,
  organizationStream,
} from '../../domain/organization.aggregate';
import type { OrganizationItem } from './organization-item';

/** Operations 6 and 7 differ only in what they ask each organization to do. */
export function organizationBatch(
  tenant: ApiKeyTenant,
  items: OrganizationItem[],
  decide: (organization: Organization, item: OrganizationItem) => string,
): StreamBatch<OrganizationItem, Organization> {
  return {
    items,
    idOf: (item) => item.organizationId,
    streamOf: (id) => ({
      streamId: organizationStream(tenant.apiKey, id),
      streamType: ORGANIZATION_STREAM_TYPE,
    }),
    create: () => new Organization(),
    decide,
    metadata: metadataOf(tenant),
  };
}
