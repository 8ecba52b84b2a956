import type { DocumentAccessType } from '@app/workspaces';
import type { AccessRole, ResourceType } from '../../domain/resource';

/** A live grant of a user: from `permissions/add`, or a user record of the users library. */
export interface Grant {
  accessRole: AccessRole;
  expiresAt: number | null;
}

/** What one user holds in the organization, by `type:id` (see resourceKey). */
export type UserGrants = Map<string, Grant>;

/** A folder or document as access is judged on it. */
export interface Resource {
  type: Exclude<ResourceType, 'organization'>;
  id: string;
  accessType: DocumentAccessType;
  disabled: boolean;
  /** The folders it is in, nearest first (a folder's own id first for a folder). */
  folders: string[];
}

/** The access of one user to one resource, as `permissions/get` answers it (hosted). */
export type Verdict =
  | { accessRole: AccessRole; accessType?: DocumentAccessType; expiresAt?: number }
  | {
      error: string;
      errorCode: 'permission_denied' | 'does_not_exist';
      accessType?: DocumentAccessType;
    };

export const hasAccess = (v: Verdict): boolean => 'accessRole' in v;

const granted = (grant: Grant, accessType?: DocumentAccessType): Verdict => ({
  accessRole: grant.accessRole,
  ...(accessType && { accessType }),
  ...(grant.expiresAt !== null && { expiresAt: grant.expiresAt }),
});

const denied = (error: string, accessType?: DocumentAccessType): Verdict => ({
  error,
  errorCode: 'permission_denied',
  ...(accessType && { accessType }),
});

/** The organization itself: a member (grant or user record) of an enabled organization. */
export function organizationVerdict(
  organizationId: string,
  grants: UserGrants,
  orgDisabled: boolean,
): Verdict {
  if (orgDisabled) return denied('Organization is disabled');
  const member = grants.get(`organization:${organizationId}`);
  return member ? granted(member) : denied('User does not have access to organization');
}

/**
 * D15.3, the hosted model: a disabled organization or document admits no one; the nearest
 * grant on the resource or a folder it is in decides the role; else its access type does:
 * `public` admits everyone (as an organization member's role, else the default `editor`),
 * `organizationPrivate` the organization's members, `restricted` no one else.
 */
export function resourceVerdict(
  organizationId: string,
  resource: Resource,
  grants: UserGrants,
  orgDisabled: boolean,
): Verdict {
  const { accessType } = resource;
  if (orgDisabled) return denied('Organization is disabled', accessType);
  if (resource.disabled) return denied(`${capital(resource.type)} is disabled`, accessType);
  const keys = [
    ...(resource.type === 'document' ? [`document:${resource.id}`] : []),
    ...resource.folders.map((f) => `folder:${f}`),
  ];
  for (const key of keys) {
    const grant = grants.get(key);
    if (grant) return granted(grant, accessType);
  }
  const member = grants.get(`organization:${organizationId}`);
  if (accessType === 'public') return granted(member ?? PUBLIC, accessType);
  if (accessType === 'organizationPrivate' && member) return granted(member, accessType);
  return denied(`User does not have access to ${resource.type}`, accessType);
}

const PUBLIC: Grant = { accessRole: 'editor', expiresAt: null };
const capital = (s: string) => s[0]!.toUpperCase() + s.slice(1);
