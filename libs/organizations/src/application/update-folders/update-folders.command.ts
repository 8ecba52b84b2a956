import { CommandOf } from '@app/platform';
import type { BatchResult } from '@app/event-store';
import type { ApiKeyTenant } from '@app/workspaces';
import type { FolderItem } from '../common/folder-item';

/** Operation 9: rename and/or move folders; a moved folder takes everything under it along. */
export class UpdateFoldersCommand extends CommandOf<
  { tenant: ApiKeyTenant; organizationId: string; folders: FolderItem[] },
  BatchResult
>() {}
