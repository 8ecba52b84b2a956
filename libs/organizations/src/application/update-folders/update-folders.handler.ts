import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { BatchResult } from '@app/event-store';
import { FolderBatch } from '../common/folder-batch';
import { UpdateFoldersCommand } from './update-folders.command';

@CommandHandler(UpdateFoldersCommand)
export class UpdateFoldersHandler implements ICommandHandler<UpdateFoldersCommand> {
  constructor(private readonly folders: FolderBatch) {}

  execute({ tenant, organizationId, folders }: UpdateFoldersCommand): Promise<BatchResult> {
    return this.folders.run(
      tenant,
      { organizationId, folders },
      (tree, { folderId, folderName, parentFolderId }, at) =>
        tree.update(folderId, { folderName, parentFolderId }, at),
    );
  }
}
