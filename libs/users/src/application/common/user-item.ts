import type { UserScope } from '../../domain/user.events';

/** A user as users/add and operation 15 take it: named fields plus kept extra fields. */
export interface UserItem {
  userId: string;
  name?: string;
  email?: string;
  metadata: Record<string, unknown>;
}

/** The organization and scope a users call names (D8.1: organization, folder or document). */
export interface UserTarget {
  organizationId: string;
  scope: UserScope;
}
