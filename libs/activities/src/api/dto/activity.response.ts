import { ITEM_FAILURE_CODES, json, namedSchema } from '@app/platform';
import { FEATURE_TYPES } from '../../domain/activity.events';

const { boolean, freeObject, integer, mapOf, nullable, object, oneOfValues, string } = json;

const ANY = { description: 'Any JSON value' };

/** Operation 18's answer (spec). */
export const ACTIVITIES_ADDED = namedSchema(
  'ActivitiesAdded',
  object({ success: boolean(), message: string() }),
);

const CODE = oneOfValues(
  ITEM_FAILURE_CODES,
  'Why the item failed: not-found, or failed-precondition when the record is immutable',
);

/** Operation 19's answer (spec): per id `{success, message}`, without `id`. */
export const ACTIVITIES_UPDATED = namedSchema(
  'ActivitiesUpdated',
  mapOf(
    namedSchema(
      'ActivityUpdateResult',
      object({ success: boolean(), message: string(), code: CODE }, { optional: ['code'] }),
    ),
    'Activity id → its result',
  ),
);

/** The delete's answer: per id, as batch answers are (D5). */
export const ACTIVITIES_DELETED = namedSchema(
  'ActivitiesDeleted',
  mapOf(
    namedSchema(
      'ActivityDeleteResult',
      object(
        { success: boolean(), id: string(), message: string(), code: CODE },
        { optional: ['code'] },
      ),
    ),
    'Activity id → its result',
  ),
);

/** A record as `/v2/activities/get` reads it (hosted `ActivityRecord`). */
export const ACTIVITY_VIEW = namedSchema(
  'ActivityView',
  object(
    {
      id: string(),
      featureType: oneOfValues(FEATURE_TYPES),
      actionType: string(),
      eventType: string(),
      actionUser: object(
        { userId: string(), name: string(), email: string() },
        { optional: ['name', 'email'], extra: true },
      ),
      targetEntityId: string(),
      targetSubEntityId: nullable(string()),
      changes: mapOf(freeObject('{from, to}')),
      entityData: ANY,
      entityTargetData: ANY,
      displayMessageTemplate: string(),
      displayMessageTemplateData: freeObject(),
      actionIcon: string(),
      isActivityResolverUsed: boolean(),
      immutable: boolean('Stamped from the key config when written; such a record is kept'),
      timestamp: integer('Server time of the write, epoch milliseconds'),
      metadata: object(
        {
          apiKey: string(),
          organizationId: string(),
          documentId: string(),
          locationId: string(),
        },
        { optional: ['locationId'] },
      ),
    },
    {
      optional: [
        'eventType',
        'targetEntityId',
        'targetSubEntityId',
        'changes',
        'entityData',
        'entityTargetData',
        'displayMessageTemplate',
        'displayMessageTemplateData',
        'actionIcon',
        'isActivityResolverUsed',
      ],
    },
  ),
);
