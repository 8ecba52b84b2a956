import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { BatchResult } from '@app/event-store';
import { FolderBatch } from '../common/folder-batch';
import { AddFoldersCommand } from './add-folders.command';

@CommandHandler(AddFoldersCommand)
export class AddFoldersHandler implements ICommandHandler<AddFoldersCommand> {
  constructor(private readonly folders: FolderBatch) {}

  execute({
    tenant,
    organizationId,
    createOrganization,
    folders,
  }: AddFoldersCommand): Promise<BatchResult> {
    return this.folders.run(
      tenant,
      { organizationId, createOrganization, folders },
      (tree, { folderId, folderName, parentFolderId, accessType }, at) =>
        tree.add(folderId, folderName ?? folderId, parentFolderId ?? null, at, accessType),
    );
  }
}
