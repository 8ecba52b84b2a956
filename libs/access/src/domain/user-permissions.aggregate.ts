import { Aggregate, streamId } from '@app/event-store';
import {
  PermissionsGranted,
  PermissionsRevoked,
  type PermissionEvent,
  type UserPermissionsRef,
} from './access.events';
import { resourceKey, type ResourceGrant, type ResourceRef } from './resource';

export const USER_PERMISSIONS_STREAM_TYPE = 'access-permissions';
export const userPermissionsStream = ({ apiKey, organizationId, userId }: UserPermissionsRef) =>
  streamId(USER_PERMISSIONS_STREAM_TYPE, apiKey, organizationId, userId);

/** The permissions one user holds in one organization (D15.1). */
export class UserPermissions extends Aggregate<PermissionEvent> {
  readonly grants = new Map<string, ResourceGrant>();

  constructor(readonly ref: UserPermissionsRef) {
    super();
  }

  /** Adds the grants, or replaces role and expiry of ones held; a repeat changes nothing. */
  grant(resources: ResourceGrant[], at: number): void {
    const changed = resources.filter((r) => {
      const held = this.grants.get(resourceKey(r));
      return !held || held.accessRole !== r.accessRole || held.expiresAt !== r.expiresAt;
    });
    if (changed.length > 0) this.raise(PermissionsGranted({ ...this.ref, resources: changed, at }));
  }

  /** Removes the grants held among `resources`; removing one not held is no change. */
  revoke(resources: ResourceRef[], at: number): void {
    const held = resources
      .filter((r) => this.grants.has(resourceKey(r)))
      .map(({ type, id }) => ({ type, id }));
    if (held.length > 0) this.raise(PermissionsRevoked({ ...this.ref, resources: held, at }));
  }

  protected when(event: PermissionEvent): void {
    if (PermissionsGranted.is(event)) {
      for (const grant of event.data.resources) this.grants.set(resourceKey(grant), grant);
    } else {
      for (const ref of event.data.resources) this.grants.delete(resourceKey(ref));
    }
  }
}
