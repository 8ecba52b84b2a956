import { grantedOn } from '@app/access';

/**
 * D9.3: a notification for everyone (`notifyAll`) reaches a user when they can access its
 * document: any document but a `restricted` one, and a restricted one when they are a user
 * of it or of its folder (D8.1), or hold a permission on it (D15.3). A document no longer
 * there (deleted, D6.6) hides nothing.
 * `n` is the alias of a `notifications` row, `user` the SQL parameter holding the user id.
 */
export const documentOpenTo = (n: string, user: string): string => `NOT EXISTS (
  SELECT 1 FROM documents d
  WHERE d.api_key = ${n}.api_key AND d.organization_id = ${n}.organization_id
    AND d.document_id = ${n}.document_id AND d.access_type = 'restricted'
    AND NOT EXISTS (
      SELECT 1 FROM users u
      WHERE u.api_key = d.api_key AND u.organization_id = d.organization_id
        AND ((u.scope_type = 'document' AND u.scope_id = d.document_id)
          OR (u.scope_type = 'folder' AND u.scope_id = d.folder_id))
        AND u.user_id = ${user})
    AND NOT ${grantedOn('d', user)})`;
