import { json, namedSchema } from '@app/platform';

const { arrayOf, mapOf, object, string } = json;

/** A user as read: its fields, then the metadata it was given. */
export const USER_VIEW = namedSchema(
  'UserView',
  object({ userId: string(), name: string(), email: string() }, { extra: true }),
);

/** users/get: a list, or with allDocuments and groupByDocumentId the lists by document id. */
export const USERS_ANSWER = namedSchema('UsersAnswer', {
  oneOf: [
    arrayOf(USER_VIEW),
    mapOf(arrayOf(USER_VIEW), 'With groupByDocumentId: the users of each document, by its id'),
  ],
});
