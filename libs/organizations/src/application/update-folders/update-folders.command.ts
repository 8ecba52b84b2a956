import { Command } from '@nestjs/cqrs';
import type { BatchResult } from '@app/event-store';
import type { ApiKeyTenant } from '@app/workspaces';
import type { FolderItem } from '../common/folder-item';

/** Operation 9: rename and/or move folders; a moved folder takes everything under it along. */
export class UpdateFoldersCommand extends Command<BatchResult> {
  constructor(
    readonly tenant: ApiKeyTenant,
    readonly organizationId: string,
    readonly folders: FolderItem[],
  ) {
    super();
  }
}
