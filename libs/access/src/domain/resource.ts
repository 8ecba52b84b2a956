/** The resource types a permission names (hosted). */
export const RESOURCE_TYPES = ['organization', 'folder', 'document'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

/** What an allowed user may do (hosted): `viewer` reads and comments, `editor` also edits. */
export const ACCESS_ROLES = ['viewer', 'editor'] as const;
export type AccessRole = (typeof ACCESS_ROLES)[number];

/** The role a grant has when none is given (hosted default). */
export const DEFAULT_ACCESS_ROLE: AccessRole = 'editor';

/** A resource of one organization; an organization's `id` is its organization id. */
export interface ResourceRef {
  type: ResourceType;
  id: string;
}

/** A user's permission on one resource; `expiresAt` in Unix seconds (hosted), null for none. */
export interface ResourceGrant extends ResourceRef {
  accessRole: AccessRole;
  expiresAt: number | null;
}

export const resourceKey = ({ type, id }: ResourceRef): string => `${type}:${id}`;
