import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  AggregateRepository,
  BatchOutcome,
  DUPLICATE_ID_MESSAGE,
  EventStore,
  repeatedIds,
  retryOnConflict,
  type AggregateToSave,
} from '@app/event-store';
import { metadataOf } from '@app/workspaces';
import { folderTreeStream } from '../../domain/folder-tree.aggregate';
import {
  Organization,
  ORGANIZATION_STREAM_TYPE,
  organizationStream,
} from '../../domain/organization.aggregate';
import { OrganizationDeleted } from '../../domain/organization.events';
import { DeleteOrganizationsCommand } from './delete-organizations.command';
import type { DeletionResult } from './deletion-result';

/**
 * Deletes organizations (D6.9) in one transaction: each one's OrganizationDeleted (whose
 * projections remove its row and its folders' rows) and the purge of its folder tree's
 * stream, so the id can be added again at once, with no folders. The data of the other
 * libraries follows through their subscribers of OrganizationDeleted.
 */
@CommandHandler(DeleteOrganizationsCommand)
export class DeleteOrganizationsHandler implements ICommandHandler<DeleteOrganizationsCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly repository: AggregateRepository,
  ) {}

  execute({ tenant, organizationIds }: DeleteOrganizationsCommand): Promise<DeletionResult> {
    const at = Date.now();
    const { apiKey } = tenant;
    const repeated = repeatedIds(organizationIds);
    return retryOnConflict(() =>
      this.store.transaction(async (m) => {
        const streams = organizationIds.map((id) => organizationStream(apiKey, id));
        const history = await this.store.readStreams(streams, m);
        const outcome = new BatchOutcome();
        const toSave: AggregateToSave[] = [];
        for (const id of organizationIds) {
          if (repeated.has(id)) {
            outcome.fail(id, DUPLICATE_ID_MESSAGE, 'duplicate');
            continue;
          }
          const orgStream = organizationStream(apiKey, id);
          const organization = new Organization().load((history.get(orgStream) ?? []) as never);
          if (!outcome.attempt(id, () => organization.delete(apiKey, id, at))) continue;
          toSave.push({
            streamId: orgStream,
            streamType: ORGANIZATION_STREAM_TYPE,
            aggregate: organization,
          });
        }
        const appended = await this.repository.save(toSave, metadataOf(tenant), m);
        // A folder write racing this one conflicts on the purged stream and decides again.
        const deletedIds = appended
          .filter(OrganizationDeleted.is)
          .map((e) => e.data.organizationId);
        await this.store.purge(
          m,
          deletedIds.map((id) => folderTreeStream(apiKey, id)),
        );
        const result: DeletionResult = outcome.toJSON();
        for (const event of appended.filter(OrganizationDeleted.is)) {
          result[event.data.organizationId].deletionId = event.eventId;
        }
        return result;
      }),
    );
  }
}
