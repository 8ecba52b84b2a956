/**
 * A SQL condition for readers that judge access inside their own query (notifications for
 * everyone, D9.3): the user holds a live permission (`/v2/auth/permissions/add`) on the
 * document `d` or on a folder it is in (D15.3; the folder's ancestors too). `d` is the alias
 * of a `documents` row, `user` the SQL parameter holding the user id.
 */
export const grantedOn = (d: string, user: string): string => `EXISTS (
  SELECT 1 FROM access_permissions p
  WHERE p.api_key = ${d}.api_key AND p.organization_id = ${d}.organization_id
    AND p.user_id = ${user}
    AND (p.expires_at IS NULL OR p.expires_at > extract(epoch FROM now()))
    AND ((p.resource_type = 'document' AND p.resource_id = ${d}.document_id)
      OR (p.resource_type = 'folder' AND (p.resource_id = ${d}.folder_id OR p.resource_id = ANY(
        SELECT unnest(f.ancestors) FROM folders f
        WHERE f.api_key = ${d}.api_key AND f.organization_id = ${d}.organization_id
          AND f.folder_id = ${d}.folder_id)))))`;
