import { CommandOf } from '@app/platform';
import type { ApiKeyTenant, DocumentAccessType } from '@app/workspaces';
import type { FolderAccessResult } from './folder-access-result';

/** Hosted `folders/access/update`. `accessType` null: inherit the parent's. */
export class UpdateFolderAccessCommand extends CommandOf<
  {
    tenant: ApiKeyTenant;
    organizationId: string;
    folderIds: string[];
    accessType: DocumentAccessType | null;
  },
  FolderAccessResult
>() {}
