import { json, namedSchema } from '@app/platform';

const { boolean, integer, mapOf, object } = json;

/** D7.4: the key's activity service as stored; `isEnabled` always, the rest once written. */
export const ACTIVITY_CONFIG = namedSchema(
  'ActivityConfig',
  object({
    activityServiceConfig: object(
      {
        isEnabled: boolean("The one switch: `apikeyconfig`'s `activityServiceEnabled`"),
        enabledTime: integer('When the service was first enabled (epoch ms)'),
        immutable: boolean('Whether records written now are immutable'),
        triggers: mapOf(
          mapOf(boolean(), 'Action type (`comment.add`) → makes a record'),
          'Trigger group (`comment`)',
        ),
      },
      { optional: ['enabledTime', 'immutable', 'triggers'] },
    ),
  }),
);
