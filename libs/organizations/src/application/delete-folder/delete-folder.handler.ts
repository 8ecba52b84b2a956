import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository, ItemRefused } from '@app/event-store';
import { ServiceError } from '@app/platform';
import { metadataOf } from '@app/workspaces';
import { FOLDER_MESSAGES } from '../../domain/folder-tree.aggregate';
import { OrganizationScope } from '../common/organization-scope';
import { DeleteFolderCommand } from './delete-folder.command';

/**
 * Deletes the folder and its subtree from the tree at once (one event); their documents
 * follow through the documents library's subscriber of FolderDeleted, as operation 12
 * deletes them (D6.6), hence the hosted "deletion initiated" answer.
 */
@CommandHandler(DeleteFolderCommand)
export class DeleteFolderHandler implements ICommandHandler<DeleteFolderCommand> {
  constructor(
    private readonly repository: AggregateRepository,
    private readonly scope: OrganizationScope,
  ) {}

  execute({ tenant, organizationId, folderId }: DeleteFolderCommand): Promise<null> {
    const at = Date.now();
    return this.repository.updateMany([], metadataOf(tenant), {
      before: (m) => this.scope.open(m, { apiKey: tenant.apiKey, organizationId, at }),
      decide: (_none, { prepared: { tree } }) => {
        try {
          tree.delete(folderId, at);
        } catch (err) {
          if (!(err instanceof ItemRefused)) throw err;
          throw new ServiceError('NOT_FOUND', FOLDER_MESSAGES.missing, { folderId });
        }
        return null;
      },
    });
  }
}
