/**
 * A folder as folders/add and operation 9 take it. `parentFolderId`: undefined keeps the
 * parent on update (the root on add); null is the root ("" and "root" arrive as null).
 */
export interface FolderItem {
  folderId: string;
  folderName?: string;
  parentFolderId?: string | null;
}
