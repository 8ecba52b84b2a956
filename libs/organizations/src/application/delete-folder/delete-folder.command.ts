import { Command } from '@nestjs/cqrs';
import type { ApiKeyTenant } from '@app/workspaces';

/** Hosted `folders/delete`: the folder, its subfolders and their documents (D6.9). */
export class DeleteFolderCommand extends Command<null> {
  constructor(
    readonly tenant: ApiKeyTenant,
    readonly organizationId: string,
    readonly folderId: string,
  ) {
    super();
  }
}
