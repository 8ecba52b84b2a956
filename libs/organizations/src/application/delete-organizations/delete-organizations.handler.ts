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
import {
  FolderTree,
  FOLDER_TREE_STREAM_TYPE,
  folderTreeStream,
} from '../../domain/folder-tree.aggregate';
import {
  Organization,
  ORGANIZATION_STREAM_TYPE,
  organizationStream,
} from '../../domain/organization.aggregate';
import { OrganizationDeleted } from '../../domain/organization.events';
import { DeleteOrganizationsCommand } from './delete-organizations.command';
import type { DeletionResult } from './deletion-result';

/**
 * Deletes organizations (D6.9): each one and its folder tree in one append, so both vanish
 * from reads together and the id can be added again at once. The data of the other
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
        const streams = organizationIds.flatMap((id) => [
          organizationStream(apiKey, id),
          folderTreeStream(apiKey, id),
        ]);
        const history = await this.store.readStreams(streams, m);
        const outcome = new BatchOutcome();
        const toSave: AggregateToSave[] = [];
        for (const id of organizationIds) {
          if (repeated.has(id)) {
            outcome.fail(id, DUPLICATE_ID_MESSAGE, 'duplicate');
            continue;
          }
          const orgStream = organizationStream(apiKey, id);
          const treeStream = folderTreeStream(apiKey, id);
          const organization = new Organization().load((history.get(orgStream) ?? []) as never);
          const tree = new FolderTree(apiKey, id).load((history.get(treeStream) ?? []) as never);
          const deleted = outcome.attempt(id, () => {
            const message = organization.delete(apiKey, id, at);
            tree.clear(at);
            return message;
          });
          if (!deleted) continue;
          toSave.push(
            { streamId: orgStream, streamType: ORGANIZATION_STREAM_TYPE, aggregate: organization },
            { streamId: treeStream, streamType: FOLDER_TREE_STREAM_TYPE, aggregate: tree },
          );
        }
        const appended = await this.repository.save(toSave, metadataOf(tenant), m);
        const result: DeletionResult = outcome.toJSON();
        for (const event of appended.filter(OrganizationDeleted.is)) {
          result[event.data.organizationId].deletionId = event.eventId;
        }
        return result;
      }),
    );
  }
}
