import type { DocumentAccessType } from '@app/workspaces';

/**
 * A folder as folders/add and operation 9 take it. `parentFolderId`: undefined keeps the
 * parent on update (the root on add); null is the root ("" and "root" arrive as null).
 * `accessType` (add only): undefined takes the parent's, or the API key's default at the top.
 */
export interface FolderItem {
  folderId: string;
  folderName?: string;
  parentFolderId?: string | null;
  accessType?: DocumentAccessType;
}
