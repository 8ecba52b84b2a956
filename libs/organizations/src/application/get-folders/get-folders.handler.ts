import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ServiceError } from '@app/platform';
import type { DocumentAccessType } from '@app/workspaces';
import { DataSource } from 'typeorm';
import { FOLDER_MESSAGES } from '../../domain/folder-tree.aggregate';
import { GetFoldersQuery, type FolderView } from './get-folders.query';

interface FolderRow {
  folder_id: string;
  folder_name: string;
  organization_id: string;
  parent_folder_id: string | null;
  ancestors: string[];
  access_type: DocumentAccessType | null;
  /** The access type of the nearest ancestor that has its own. */
  inherited_access_type: DocumentAccessType | null;
  created_at: string;
  last_updated: string;
}

const ROOT = 'root';

/**
 * A folder without an access type of its own takes its parent's (hosted inheritance), so a
 * move or a change above it shows at once; at the top the API key's default applies.
 */
function toView(row: FolderRow, apiKey: string, keyDefault: DocumentAccessType): FolderView {
  return {
    folderId: row.folder_id,
    folderName: row.folder_name,
    organizationId: row.organization_id,
    apiKey,
    parentFolderId: row.parent_folder_id ?? ROOT,
    ancestors: [ROOT, ...row.ancestors],
    accessType: row.access_type ?? row.inherited_access_type ?? keyDefault,
    inheritAccessFromParent: row.access_type === null && row.parent_folder_id !== null,
    createdAt: Number(row.created_at),
    lastUpdated: Number(row.last_updated),
  };
}

@QueryHandler(GetFoldersQuery)
export class GetFoldersHandler implements IQueryHandler<GetFoldersQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ tenant, organizationId, folderId, maxDepth }: GetFoldersQuery) {
    const rows: FolderRow[] = await this.dataSource.query(
      `SELECT f.folder_id, f.folder_name, f.organization_id, f.parent_folder_id, f.ancestors,
         f.access_type, f.created_at, f.last_updated,
         (SELECT a.access_type FROM folders a
          WHERE a.api_key = f.api_key AND a.organization_id = f.organization_id
            AND a.folder_id = ANY(f.ancestors) AND a.access_type IS NOT NULL
          ORDER BY array_position(f.ancestors, a.folder_id::text) DESC
          LIMIT 1) AS inherited_access_type
       FROM folders f
       WHERE f.api_key = $1 AND f.organization_id = $2
         AND ($3::text IS NULL OR f.folder_id = $3::text OR f.ancestors @> ARRAY[$3::text])
       ORDER BY f.folder_id`,
      [tenant.apiKey, organizationId, folderId ?? null],
    );
    const view = (row: FolderRow) =>
      toView(row, tenant.apiKey, tenant.options.defaultDocumentAccessType);
    if (folderId === undefined) return rows.map(view);
    const top = rows.find((row) => row.folder_id === folderId);
    if (!top) throw new ServiceError('NOT_FOUND', FOLDER_MESSAGES.missing, { folderId });
    const depth = top.ancestors.length;
    const views = new Map(
      rows
        .filter((row) => row.ancestors.length - depth <= maxDepth)
        .map((row) => [row.folder_id, { ...view(row), subFolders: [] as FolderView[] }]),
    );
    for (const row of rows) {
      if (row.folder_id !== folderId && row.parent_folder_id !== null) {
        const child = views.get(row.folder_id);
        if (child) views.get(row.parent_folder_id)?.subFolders.push(child);
      }
    }
    return [views.get(folderId)!];
  }
}
