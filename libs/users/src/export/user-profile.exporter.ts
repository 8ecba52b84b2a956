import { Injectable } from '@nestjs/common';
import {
  exportChunk,
  Exporter,
  json,
  type ExportChunk,
  type ExportCursor,
  type ExportSubject,
  type UserDataExporter,
} from '@app/platform';
import { DataSource } from 'typeorm';
import type { UserScope } from '../domain/user.events';

const { object, string } = json;

interface Row {
  organization_id: string;
  scope_type: UserScope['type'];
  scope_id: string;
  user_id: string;
  name: string;
  email: string;
  metadata: Record<string, unknown>;
}

/** A user record as exported: the record as `users/get` shows it, and where it lives. */
const USER_PROFILE = object(
  {
    userId: string(),
    name: string(),
    email: string(),
    metadata: object(
      {
        apiKey: string(),
        organizationId: string(),
        folderId: string('When the record is a folder user'),
        documentId: string('When the record is a document user'),
      },
      { optional: ['folderId', 'documentId'] },
    ),
  },
  { extra: true },
);

const scopeOf = ({ scope_type: type, scope_id: id }: Row) =>
  type === 'folder' ? { folderId: id } : type === 'document' ? { documentId: id } : {};

/**
 * The user's records (hosted "user profile data": every organization, folder and document
 * they were added to), from the `users` read table, by (organization, scope type, scope id).
 */
@Injectable()
@Exporter({ features: { users: USER_PROFILE } })
export class UserProfileExporter implements UserDataExporter {
  constructor(private readonly dataSource: DataSource) {}

  async export(
    _feature: string,
    { apiKey, userId, organizationId }: ExportSubject,
    after: ExportCursor | null,
    limit: number,
  ): Promise<ExportChunk> {
    const [afterOrganization, afterType, afterScope] = (after as string[] | null) ?? [];
    const rows: Row[] = await this.dataSource.query(
      `SELECT organization_id, scope_type, scope_id, user_id, name, email, metadata FROM users
       WHERE api_key = $1 AND user_id = $2
         AND ($3::text IS NULL OR organization_id = $3::text)
         AND ($4::text IS NULL OR (organization_id, scope_type, scope_id) > ($4::text, $5::text, $6::text))
       ORDER BY organization_id, scope_type, scope_id
       LIMIT $7`,
      [
        apiKey,
        userId,
        organizationId ?? null,
        afterOrganization ?? null,
        afterType ?? null,
        afterScope ?? null,
        limit + 1,
      ],
    );
    return exportChunk(
      rows,
      limit,
      (row) => [row.organization_id, row.scope_type, row.scope_id],
      (row) => ({
        userId: row.user_id,
        name: row.name,
        email: row.email,
        ...row.metadata,
        metadata: { apiKey, organizationId: row.organization_id, ...scopeOf(row) },
      }),
    );
  }
}
