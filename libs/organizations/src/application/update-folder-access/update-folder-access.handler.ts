import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { FolderBatch } from '../common/folder-batch';
import type { FolderAccessResult } from './folder-access-result';
import { UpdateFolderAccessCommand } from './update-folder-access.command';

@CommandHandler(UpdateFolderAccessCommand)
export class UpdateFolderAccessHandler implements ICommandHandler<UpdateFolderAccessCommand> {
  constructor(private readonly folders: FolderBatch) {}

  async execute({
    tenant,
    organizationId,
    folderIds,
    accessType,
  }: UpdateFolderAccessCommand): Promise<FolderAccessResult> {
    const result: FolderAccessResult = await this.folders.run(
      tenant,
      { organizationId, folders: folderIds.map((folderId) => ({ folderId })) },
      (tree, { folderId }, at) => tree.setAccess(folderId, accessType, at),
    );
    for (const item of Object.values(result)) {
      if (!item.success) continue;
      item.accessType = accessType;
      if (accessType === null) item.inheritFromParent = true;
    }
    return result;
  }
}
