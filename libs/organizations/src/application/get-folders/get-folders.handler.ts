import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ServiceError } from '@app/platform';
import { DataSource } from 'typeorm';
import { FOLDER_MESSAGES } from '../../domain/folder-tree.aggregate';
import { GetFoldersQuery, type FolderView } from './get-folders.query';

interface FolderRow {
  folder_id: string;
  folder_name: string;
  organization_id: string;
  parent_folder_id: string | null;
  ancestors: string[];
  created_at: string;
  last_updated: string;
}

const ROOT = 'root';

function toView(row: FolderRow): FolderView {
  return {
    folderId: row.folder_id,
    folderName: row.folder_name,
    organizationId: row.organization_id,
    parentFolderId: row.parent_folder_id ?? ROOT,
    ancestors: [ROOT, ...row.ancestors],
    createdAt: Number(row.created_at),
    lastUpdated: Number(row.last_updated),
  };
}

@QueryHandler(GetFoldersQuery)
export class GetFoldersHandler implements IQueryHandler<GetFoldersQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ tenant, organizationId, folderId, maxDepth }: GetFoldersQuery) {
    const rows: FolderRow[] = await this.dataSource.query(
      `SELECT folder_id, folder_name, organization_id, parent_folder_id, ancestors, created_at, last_updated
       FROM folders
       WHERE api_key = $1 AND organization_id = $2
         AND ($3::text IS NULL OR folder_id = $3::text OR ancestors @> ARRAY[$3::text])
       ORDER BY folder_id`,
      [tenant.apiKey, organizationId, folderId ?? null],
    );
    if (folderId === undefined) return rows.map(toView);
    const top = rows.find((row) => row.folder_id === folderId);
    if (!top) throw new ServiceError('NOT_FOUND', FOLDER_MESSAGES.missing, { folderId });
    const depth = top.ancestors.length;
    const views = new Map(
      rows
        .filter((row) => row.ancestors.length - depth <= maxDepth)
        .map((row) => [row.folder_id, { ...toView(row), subFolders: [] as FolderView[] }]),
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
