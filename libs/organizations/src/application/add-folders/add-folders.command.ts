import { Command } from '@nestjs/cqrs';
import type { BatchResult } from '@app/event-store';
import type { ApiKeyTenant } from '@app/workspaces';
import type { FolderItem } from '../common/folder-item';

/** `POST /v2/organizations/folders/add` (D6.3). */
export class AddFoldersCommand extends Command<BatchResult> {
  constructor(
    readonly tenant: ApiKeyTenant,
    readonly organizationId: string,
    readonly createOrganization: boolean,
    readonly folders: FolderItem[],
  ) {
    super();
  }
}
