import { Aggregate, ItemRefused, streamId } from '@app/event-store';
import { UserAdded, UserRemoved, UserUpdated, type UserEvent, type UserRef } from './user.events';

export const USER_STREAM_TYPE = 'user';
export const userStream = ({ apiKey, organizationId, scope, userId }: UserRef) =>
  streamId(USER_STREAM_TYPE, apiKey, organizationId, scope.type, scope.id, userId);

/** Hosted per-item messages. */
export const USER_MESSAGES = {
  added: 'User added.',
  updated: 'User updated.',
  removed: 'User removed.',
  exists: 'User already exists.',
  missing: 'User does not exist.',
} as const;

export interface UserFields {
  name?: string;
  email?: string;
  metadata?: Record<string, unknown>;
}

/** A user record at one scope of an organization (D8.1). */
export class UserRecord extends Aggregate<UserEvent> {
  exists = false;

  constructor(readonly ref: UserRef) {
    super();
  }

  add(fields: UserFields, at: number): string {
    if (this.exists) throw new ItemRefused(USER_MESSAGES.exists, 'already-exists');
    this.raise(
      UserAdded({
        ...this.ref,
        name: fields.name ?? '',
        email: fields.email ?? '',
        metadata: fields.metadata ?? {},
        at,
      }),
    );
    return USER_MESSAGES.added;
  }

  update(fields: UserFields, at: number): string {
    if (!this.exists) throw new ItemRefused(USER_MESSAGES.missing, 'not-found');
    this.raise(UserUpdated({ ...this.ref, ...fields, at }));
    return USER_MESSAGES.updated;
  }

  /** Removes the record if there is one; answers whether there was. */
  remove(at: number): boolean {
    if (!this.exists) return false;
    this.raise(UserRemoved({ ...this.ref, at }));
    return true;
  }

  protected when(event: UserEvent): void {
    if (UserAdded.is(event)) this.exists = true;
    else if (UserRemoved.is(event)) this.exists = false;
  }
}
