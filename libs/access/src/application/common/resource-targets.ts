import { ServiceError } from '@app/platform';
import type { ResourceRef } from '../../domain/resource';

/** A resource as asked for: its type, id and the organization it is in, if named. */
export interface ResourceInput extends ResourceRef {
  organizationId?: string;
}

/**
 * The resources by organization (each organization's are one user stream). An organization
 * is its own organization (a different `organizationId` is refused); a resource named twice
 * is refused, so a call never means two things for one resource.
 */
export function byOrganization<R extends ResourceInput>(
  resources: R[],
  field: string,
): Map<string, (R & { organizationId: string })[]> {
  const groups = new Map<string, (R & { organizationId: string })[]>();
  const seen = new Set<string>();
  resources.forEach((resource, i) => {
    const { type, id } = resource;
    if (type === 'organization' && resource.organizationId && resource.organizationId !== id) {
      throw ServiceError.invalidField(
        `${field}[${i}].organizationId`,
        'an organization resource is its own organization: give its id only',
      );
    }
    const organizationId = type === 'organization' ? id : resource.organizationId!;
    const key = JSON.stringify([organizationId, type, id]);
    if (seen.has(key)) {
      throw ServiceError.invalidField(`${field}[${i}]`, 'this resource is given more than once');
    }
    seen.add(key);
    const group = groups.get(organizationId) ?? [];
    group.push({ ...resource, organizationId });
    groups.set(organizationId, group);
  });
  return groups;
}
