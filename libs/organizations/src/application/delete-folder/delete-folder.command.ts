import { CommandOf } from '@app/platform';
import type { ApiKeyTenant } from '@app/workspaces';

/** Hosted `folders/delete`: the folder, its subfolders and their documents (D6.9). */
export class DeleteFolderCommand extends CommandOf<
  { tenant: ApiKeyTenant; organizationId: string; folderId: string },
  null
>() {}
