import { Command } from '@nestjs/cqrs';
import type { ApiKeyTenant, DocumentAccessType } from '@app/workspaces';
import type { FolderAccessResult } from './folder-access-result';

/** Hosted `folders/access/update`. `accessType` null: inherit the parent's. */
export class UpdateFolderAccessCommand extends Command<FolderAccessResult> {
  constructor(
    readonly tenant: ApiKeyTenant,
    readonly organizationId: string,
    readonly folderIds: string[],
    readonly accessType: DocumentAccessType | null,
  ) {
    super();
  }
}
