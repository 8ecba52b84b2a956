import { ITEM_FAILURE_CODES, json, namedSchema } from '@app/platform';

const { boolean, mapOf, object, oneOfValues, string } = json;

/** usergroups/users/add and .../delete: one item per user id, naming the group (hosted). */
export const MEMBERSHIP_RESULT = namedSchema(
  'MembershipResult',
  mapOf(
    namedSchema(
      'MembershipItemResult',
      object(
        {
          success: boolean(),
          id: string('The user id'),
          organizationUserGroupId: string(),
          message: string('What was done, or why this item failed'),
          code: oneOfValues(ITEM_FAILURE_CODES, 'Why the item failed (failed items only)'),
        },
        { optional: ['code'] },
      ),
    ),
    'One answer per user id',
  ),
);
