import { Injectable } from '@nestjs/common';
import { AggregateRepository, streamTarget } from '@app/event-store';
import { metadataOf, type ApiKeyTenant } from '@app/workspaces';
import {
  UserPermissions,
  USER_PERMISSIONS_STREAM_TYPE,
  userPermissionsStream,
} from '../../domain/user-permissions.aggregate';

/**
 * Changes one user's permissions in several organizations at once: every stream loaded,
 * changed by `change` and appended in one transaction (all or nothing), again on a conflict.
 */
@Injectable()
export class UserPermissionStreams {
  constructor(private readonly repository: AggregateRepository) {}

  change(
    tenant: ApiKeyTenant,
    userId: string,
    organizationIds: string[],
    change: (permissions: UserPermissions, organizationId: string) => void,
  ): Promise<void> {
    const refs = organizationIds.map((organizationId) => ({
      apiKey: tenant.apiKey,
      organizationId,
      userId,
    }));
    return this.repository.updateMany(
      refs.map((ref) =>
        streamTarget(
          USER_PERMISSIONS_STREAM_TYPE,
          userPermissionsStream(ref),
          () => new UserPermissions(ref),
        ),
      ),
      metadataOf(tenant),
      {
        decide: (permissions) => {
          permissions.forEach((aggregate, i) => change(aggregate, refs[i].organizationId));
        },
      },
    );
  }
}
