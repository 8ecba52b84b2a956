import { json, namedSchema } from '@app/platform';
import { DELIVERY_STATUSES } from '../../domain/delivery';

const { arrayOf, boolean, freeObject, integer, nullable, object, oneOfValues, string } = json;

const ATTEMPT = object({
  attempt: integer('1 for the first'),
  at: integer('When it was made, epoch ms'),
  httpStatus: nullable(integer('The receiver’s HTTP status; null when no answer came')),
  durationMs: integer(),
  response: nullable(string('The first 1 KiB of the answer (null once erased)')),
  error: nullable(string('Why no 2xx came')),
});

export const DELIVERY = namedSchema(
  'WebhookDelivery',
  object({
    deliveryId: string('Also the `webhook-id` header of every attempt'),
    eventId: string('The event of the log it comes from'),
    eventType: string('e.g. `comment.add`'),
    destination: string('`raw`, `processed` or `endpoint`'),
    endpointId: nullable(string()),
    url: string(),
    status: oneOfValues(DELIVERY_STATUSES),
    attempts: arrayOf(ATTEMPT),
    createdAt: integer('When it was recorded, epoch ms'),
    nextAttemptAt: nullable(integer('When the next attempt is planned, epoch ms')),
  }),
);

export const DELIVERIES = arrayOf(DELIVERY);

export const RETRIED = object({
  deliveryIds: arrayOf(string(), 'The deliveries that will be attempted again'),
});

export const ADVANCED_CONFIG = namedSchema(
  'AdvancedWebhookConfig',
  object({
    isEnabled: boolean(),
    encryptData: boolean(),
    encodeData: boolean(),
    publicKey: string(),
    enableDataProtection: boolean(),
  }),
);

export const ENDPOINT = namedSchema(
  'AdvancedWebhookEndpoint',
  object(
    {
      id: string(),
      url: string(),
      description: nullable(string()),
      filterTypes: nullable(arrayOf(string())),
      channels: nullable(arrayOf(string())),
      disabled: boolean(),
      rateLimit: nullable(integer('Deliveries per second')),
      uid: nullable(string()),
      metadata: nullable(freeObject()),
      createdAt: string('ISO 8601'),
      updatedAt: string('ISO 8601'),
    },
    { optional: ['metadata'] },
  ),
);

export const ENDPOINTS = object({
  endpoints: arrayOf(ENDPOINT),
  iterator: nullable(string()),
  prevIterator: nullable(string()),
  done: boolean(),
});

export const ENDPOINT_DELETED = object({ endpointId: string(), deleted: boolean() });
export const ENDPOINT_SECRET = object({ endpointId: string(), secret: string('`whsec_...`') });
