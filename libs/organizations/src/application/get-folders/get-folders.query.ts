import { Query } from '@nestjs/cqrs';
import type { ApiKeyTenant } from '@app/workspaces';

export interface FolderView {
  folderId: string;
  folderName: string;
  organizationId: string;
  /** "root" at the top level (hosted). */
  parentFolderId: string;
  /** The path from the root: `["root", ..., parent]` (hosted). */
  ancestors: string[];
  createdAt: number;
  lastUpdated: number;
  subFolders?: FolderView[];
}

/**
 * `POST /v2/organizations/folders/get`: every folder of the organization in id order, or
 * one folder with its subfolders nested `maxDepth` levels deep (hosted).
 */
export class GetFoldersQuery extends Query<FolderView[]> {
  constructor(
    readonly tenant: ApiKeyTenant,
    readonly organizationId: string,
    readonly folderId: string | undefined,
    readonly maxDepth: number,
  ) {
    super();
  }
}
