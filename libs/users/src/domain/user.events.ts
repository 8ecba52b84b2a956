import { defineEvent, type EventOf } from '@app/event-store';

/** Where a user record lives in an organization (D8.1); `id` is '' at organization scope. */
export interface UserScope {
  type: 'organization' | 'folder' | 'document';
  id: string;
}

export interface UserRef {
  apiKey: string;
  organizationId: string;
  scope: UserScope;
  userId: string;
}

export const UserAdded = defineEvent<
  UserRef & { name: string; email: string; metadata: Record<string, unknown>; at: number }
>()('users.user-added');

/** Only the fields the caller gave; `metadata` is merged into what was there. */
export const UserUpdated = defineEvent<
  UserRef & { name?: string; email?: string; metadata?: Record<string, unknown>; at: number }
>()('users.user-updated');

/** The record is removed (hosted users/delete); a later users/add makes it again. */
export const UserRemoved = defineEvent<UserRef & { at: number }>()('users.user-removed');

export const USER_EVENTS = { UserAdded, UserUpdated, UserRemoved };
export type UserEvent = EventOf<typeof USER_EVENTS>;
