import { CommandOf } from '@app/platform';
import type { BatchResult } from '@app/event-store';
import type { ApiKeyTenant } from '@app/workspaces';
import type { FolderItem } from '../common/folder-item';

/** `POST /v2/organizations/folders/add` (D6.3). */
export class AddFoldersCommand extends CommandOf<
  {
    tenant: ApiKeyTenant;
    organizationId: string;
    createOrganization: boolean;
    folders: FolderItem[];
  },
  BatchResult
>() {}
