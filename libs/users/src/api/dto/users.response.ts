import { json, namedSchema } from '@app/platform';

const { object, string } = json;

/** A user as read: its fields, then the metadata it was given. */
export const USER_VIEW = namedSchema(
  'UserView',
  object({ userId: string(), name: string(), email: string() }, { extra: true }),
);
