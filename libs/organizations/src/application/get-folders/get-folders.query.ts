import { QueryOf } from '@app/platform';
import type { ApiKeyTenant, DocumentAccessType } from '@app/workspaces';

export interface FolderView {
  folderId: string;
  folderName: string;
  organizationId: string;
  /** The caller's own key (hosted). */
  apiKey: string;
  /** "root" at the top level (hosted). */
  parentFolderId: string;
  /** The path from the root: `["root", ..., parent]` (hosted). */
  ancestors: string[];
  /** Its own, or else its nearest ancestor's, or else the API key's default. */
  accessType: DocumentAccessType;
  /** True when the folder has no access type of its own and sits under another folder. */
  inheritAccessFromParent: boolean;
  createdAt: number;
  lastUpdated: number;
  subFolders?: FolderView[];
}

/**
 * `POST /v2/organizations/folders/get`: every folder of the organization in id order, or
 * one folder with its subfolders nested `maxDepth` levels deep (hosted).
 */
export class GetFoldersQuery extends QueryOf<
  { tenant: ApiKeyTenant; organizationId: string; folderId: string | undefined; maxDepth: number },
  FolderView[]
>() {}
