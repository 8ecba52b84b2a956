import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  AggregateRepository,
  BatchOutcome,
  DUPLICATE_ID_MESSAGE,
  EventStore,
  repeatedIds,
} from '@app/event-store';
import { metadataOf } from '@app/workspaces';
import { folderTreeStream } from '../../domain/folder-tree.aggregate';
import { organizationTarget } from '../../domain/organization.aggregate';
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
    const unique = organizationIds.filter((id) => !repeated.has(id));
    return this.repository.updateMany(
      unique.map((id) => organizationTarget(apiKey, id)),
      metadataOf(tenant),
      {
        decide: (organizations) => {
          const outcome = new BatchOutcome();
          const byId = new Map(unique.map((id, i) => [id, organizations[i]]));
          for (const id of organizationIds) {
            if (repeated.has(id)) outcome.fail(id, DUPLICATE_ID_MESSAGE, 'duplicate');
            else outcome.attempt(id, () => byId.get(id)!.delete(apiKey, id, at));
          }
          return outcome.toJSON();
        },
        after: async (m, appended, outcome) => {
          // A folder write racing this one conflicts on the purged stream and decides again.
          const deleted = appended.filter(OrganizationDeleted.is);
          await this.store.purge(
            m,
            deleted.map((e) => folderTreeStream(apiKey, e.data.organizationId)),
          );
          const result: DeletionResult = outcome;
          for (const event of deleted) {
            result[event.data.organizationId].deletionId = event.eventId;
          }
          return result;
        },
      },
    );
  }
}
