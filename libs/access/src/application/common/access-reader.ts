import { Injectable } from '@nestjs/common';
import type { DocumentAccessType } from '@app/workspaces';
import { DataSource, type EntityManager } from 'typeorm';
import type { AccessRole } from '../../domain/resource';
import type { Grant, Resource, UserGrants } from './access-facts';

interface GrantRow {
  user_id: string;
  key: string;
  access_role: string;
  expires_at: string | null;
  source: number;
}

const roleOf = (value: string): AccessRole => (value === 'viewer' ? 'viewer' : 'editor');

/**
 * Reads what access is judged on: the organization, its folders and documents (their
 * libraries' read tables, scoped to the key, D4.1) and the users' live grants. `manager`: the
 * caller's transaction, where a write checks access before it appends.
 */
@Injectable()
export class AccessReader {
  constructor(private readonly dataSource: DataSource) {}

  async organization(
    apiKey: string,
    organizationId: string,
    m: EntityManager = this.dataSource.manager,
  ): Promise<{ disabled: boolean } | undefined> {
    const [row]: { disabled: boolean }[] = await m.query(
      `SELECT disabled FROM organizations WHERE api_key = $1 AND organization_id = $2`,
      [apiKey, organizationId],
    );
    return row;
  }

  /**
   * Each user's grants: live permissions (no expiry, or one still ahead), then the user
   * records of the users library (D8.1: a record at a scope admits its user there; its
   * `accessRole` when it was given one). A permission outranks a record on the same resource.
   */
  async grants(
    apiKey: string,
    organizationId: string,
    userIds: string[],
    m: EntityManager = this.dataSource.manager,
  ): Promise<Map<string, UserGrants>> {
    const nowSeconds = Math.floor(Date.now() / 1000);
    const rows: GrantRow[] = await m.query(
      `SELECT user_id, resource_type || ':' || resource_id AS key, access_role, expires_at,
         0 AS source
       FROM access_permissions
       WHERE api_key = $1 AND organization_id = $2 AND user_id = ANY($3::text[])
         AND (expires_at IS NULL OR expires_at > $4)
       UNION ALL
       SELECT user_id, scope_type || ':' || CASE WHEN scope_type = 'organization'
           THEN organization_id ELSE scope_id END,
         COALESCE(metadata->>'accessRole', 'editor'), NULL, 1
       FROM users
       WHERE api_key = $1 AND organization_id = $2 AND user_id = ANY($3::text[])
       ORDER BY source DESC`,
      [apiKey, organizationId, userIds, nowSeconds],
    );
    const byUser = new Map<string, UserGrants>(userIds.map((u) => [u, new Map()]));
    for (const row of rows) {
      const grant: Grant = {
        accessRole: roleOf(row.access_role),
        expiresAt: row.expires_at === null ? null : Number(row.expires_at),
      };
      byUser.get(row.user_id)?.set(row.key, grant);
    }
    return byUser;
  }

  /** Folders by id: access type their own, else the nearest ancestor's, else the key's. */
  async folders(
    apiKey: string,
    organizationId: string,
    folderIds: string[],
    keyDefault: DocumentAccessType,
    m: EntityManager = this.dataSource.manager,
  ): Promise<Map<string, Resource>> {
    if (folderIds.length === 0) return new Map();
    const rows: { folder_id: string; ancestors: string[]; access_type: string | null }[] =
      await m.query(
        `SELECT f.folder_id, f.ancestors,
           COALESCE(f.access_type, (SELECT a.access_type FROM folders a
             WHERE a.api_key = f.api_key AND a.organization_id = f.organization_id
               AND a.folder_id = ANY(f.ancestors) AND a.access_type IS NOT NULL
             ORDER BY array_position(f.ancestors, a.folder_id::text) DESC LIMIT 1)) AS access_type
         FROM folders f
         WHERE f.api_key = $1 AND f.organization_id = $2 AND f.folder_id = ANY($3::text[])`,
        [apiKey, organizationId, folderIds],
      );
    return new Map(
      rows.map((r) => [
        r.folder_id,
        {
          type: 'folder',
          id: r.folder_id,
          accessType: (r.access_type ?? keyDefault) as DocumentAccessType,
          disabled: false,
          folders: [r.folder_id, ...[...r.ancestors].reverse()],
        },
      ]),
    );
  }

  /** Documents by id, with the folders they are in (nearest first). */
  async documents(
    apiKey: string,
    organizationId: string,
    documentIds: string[],
    m: EntityManager = this.dataSource.manager,
  ): Promise<Map<string, Resource>> {
    if (documentIds.length === 0) return new Map();
    const rows: {
      document_id: string;
      access_type: DocumentAccessType;
      disabled: boolean;
      folder_id: string | null;
      ancestors: string[] | null;
      folder_access_type: DocumentAccessType | null;
    }[] = await m.query(
      `SELECT d.document_id, d.access_type, d.disabled, d.folder_id, f.ancestors,
         COALESCE(f.access_type, (SELECT a.access_type FROM folders a
           WHERE a.api_key = f.api_key AND a.organization_id = f.organization_id
             AND a.folder_id = ANY(f.ancestors) AND a.access_type IS NOT NULL
           ORDER BY array_position(f.ancestors, a.folder_id::text) DESC LIMIT 1)) AS folder_access_type
       FROM documents d
       LEFT JOIN folders f ON f.api_key = d.api_key AND f.organization_id = d.organization_id
         AND f.folder_id = d.folder_id
       WHERE d.api_key = $1 AND d.organization_id = $2 AND d.document_id = ANY($3::text[])`,
      [apiKey, organizationId, documentIds],
    );
    return new Map(
      rows.map((r) => [
        r.document_id,
        {
          type: 'document',
          id: r.document_id,
          accessType: narrowest(r.access_type, r.folder_access_type),
          disabled: r.disabled,
          folders: r.folder_id ? [r.folder_id, ...[...(r.ancestors ?? [])].reverse()] : [],
        },
      ]),
    );
  }
}

/** From the most open to the most closed. */
const OPENNESS: readonly DocumentAccessType[] = ['public', 'organizationPrivate', 'restricted'];

/**
 * A document in a folder inherits the folder's access type (hosted), and keeps its own when
 * that is narrower: a restricted folder restricts everything in it, and a restricted
 * document stays restricted in an open folder.
 */
function narrowest(own: DocumentAccessType, folder: DocumentAccessType | null): DocumentAccessType {
  if (!folder) return own;
  return OPENNESS.indexOf(folder) > OPENNESS.indexOf(own) ? folder : own;
}
