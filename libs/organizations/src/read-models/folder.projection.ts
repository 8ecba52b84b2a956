import { Injectable } from '@nestjs/common';
import { Projection, type InlineProjection, type RecordedEvent } from '@app/event-store';
import type { EntityManager } from 'typeorm';
import {
  FolderAccessChanged,
  FolderAdded,
  FolderDeleted,
  FolderUpdated,
} from '../domain/folder.events';
import { OrganizationDeleted } from '../domain/organization.events';

/**
 * Keeps `folders` current, with each folder's path from the root in `ancestors`. A move
 * rewrites the path of the folder and of every folder under it, so a subtree moves whole.
 */
@Projection()
@Injectable()
export class FolderProjection implements InlineProjection {
  readonly tables = ['folders'];
  readonly handles = [
    FolderAdded.type,
    FolderUpdated.type,
    FolderDeleted.type,
    // The organization's folders go with it (D6.9); its folder tree's stream is purged.
    OrganizationDeleted.type,
    FolderAccessChanged.type,
  ];

  async project(events: RecordedEvent[], m: EntityManager): Promise<void> {
    // A call either adds folders or updates them: the adds, paths included, are one statement.
    const added = events.filter(FolderAdded.is).map(({ data: d, streamVersion }) => ({
      api_key: d.apiKey,
      organization_id: d.organizationId,
      folder_id: d.folderId,
      folder_name: d.folderName,
      parent_folder_id: d.parentFolderId,
      ancestors: d.ancestors,
      access_type: d.accessType ?? null,
      at: d.at,
      version: streamVersion,
    }));
    if (added.length > 0) {
      await m.query(
        `INSERT INTO folders (api_key, organization_id, folder_id, folder_name, parent_folder_id,
           ancestors, access_type, created_at, last_updated, version)
         SELECT api_key, organization_id, folder_id, folder_name, parent_folder_id,
           ARRAY(SELECT json_array_elements_text(ancestors)), access_type, at, at, version
         FROM json_to_recordset($1::json) AS x(api_key text, organization_id text, folder_id text,
           folder_name text, parent_folder_id text, ancestors json, access_type text, at bigint,
           version bigint)
         ON CONFLICT (api_key, organization_id, folder_id) DO NOTHING`,
        [JSON.stringify(added)],
      );
    }
    for (const event of events) {
      const v = event.streamVersion;
      if (FolderUpdated.is(event)) {
        const d = event.data;
        const scope = [d.apiKey, d.organizationId, d.folderId];
        if (d.move) {
          // Descendants first: they are found by the folder's id in their old paths.
          await m.query(
            `UPDATE folders SET ancestors = $4::text[] || $3::text || ancestors[array_position(ancestors, $3::text) + 1:],
               version = $5
             WHERE api_key = $1 AND organization_id = $2 AND ancestors @> ARRAY[$3::text] AND version < $5`,
            [...scope, d.move.ancestors, v],
          );
        }
        await m.query(
          `UPDATE folders SET folder_name = COALESCE($4, folder_name),
             parent_folder_id = CASE WHEN $5 THEN $6::text ELSE parent_folder_id END,
             ancestors = CASE WHEN $5 THEN $7::text[] ELSE ancestors END,
             last_updated = $8, version = $9
           WHERE api_key = $1 AND organization_id = $2 AND folder_id = $3 AND version < $9`,
          [
            ...scope,
            d.folderName ?? null,
            d.move !== undefined,
            d.move?.parentFolderId ?? null,
            d.move?.ancestors ?? [],
            d.at,
            v,
          ],
        );
      } else if (FolderDeleted.is(event)) {
        const d = event.data;
        await m.query(
          `DELETE FROM folders WHERE api_key = $1 AND organization_id = $2
             AND folder_id = ANY($3::text[]) AND version < $4`,
          [d.apiKey, d.organizationId, d.folderIds, v],
        );
      } else if (OrganizationDeleted.is(event)) {
        await m.query(`DELETE FROM folders WHERE api_key = $1 AND organization_id = $2`, [
          event.data.apiKey,
          event.data.organizationId,
        ]);
      } else if (FolderAccessChanged.is(event)) {
        const d = event.data;
        await m.query(
          `UPDATE folders SET access_type = $4, last_updated = $5, version = $6
           WHERE api_key = $1 AND organization_id = $2 AND folder_id = $3 AND version < $6`,
          [d.apiKey, d.organizationId, d.folderId, d.accessType, d.at, v],
        );
      }
    }
  }
}
