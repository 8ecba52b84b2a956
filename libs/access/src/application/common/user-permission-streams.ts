import { Injectable } from '@nestjs/common';
import { AggregateRepository, EventStore, retryOnConflict } from '@app/event-store';
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
  constructor(
    private readonly store: EventStore,
    private readonly repository: AggregateRepository,
  ) {}

  change(
    tenant: ApiKeyTenant,
    userId: string,
    organizationIds: string[],
    change: (permissions: UserPermissions, organizationId: string) => void,
  ): Promise<void> {
    return retryOnConflict(() =>
      this.store.transaction(async (manager) => {
        const refs = organizationIds.map((organizationId) => ({
          apiKey: tenant.apiKey,
          organizationId,
          userId,
        }));
        const history = await this.store.readStreams(refs.map(userPermissionsStream), manager);
        const toSave = refs.map((ref) => {
          const streamId = userPermissionsStream(ref);
          const aggregate = new UserPermissions(ref).load((history.get(streamId) ?? []) as never);
          change(aggregate, ref.organizationId);
          return { streamId, streamType: USER_PERMISSIONS_STREAM_TYPE, aggregate };
        });
        await this.repository.save(toSave, metadataOf(tenant), manager);
      }),
    );
  }
}
