import { HTTP_STATUS_OF, type RpcStatus } from '../http/service-error';
import { ApiResponse } from './deferred-decorators';
import { boolean, mapOf, namedSchema, object, oneOfValues, string, type Schema } from './schema';

const RPC_STATUSES = Object.keys(HTTP_STATUS_OF) as RpcStatus[];

/** `{error: {status, message, details?, code?}}`: every failure (D1.3, D1.6, D1.7). */
export const FAILURE_ENVELOPE = namedSchema(
  'FailureEnvelope',
  object({
    error: object(
      {
        status: oneOfValues(RPC_STATUSES, 'google.rpc status name; the HTTP status follows (D1.6)'),
        message: string('What went wrong; a validation failure names the first field at fault'),
        details: {
          type: 'object',
          additionalProperties: true,
          description: 'Validation failures: `fields: [{field, message}]` (D1.7)',
        },
        code: { type: 'integer', description: 'A numeric code, when the contract gives one' },
      },
      { optional: ['details', 'code'] },
    ),
  }),
);

/** `{result: {status: "success", message}}`: what every success envelope has besides `data`. */
export const SUCCESS_ENVELOPE = namedSchema(
  'SuccessEnvelope',
  object({
    result: object({
      status: oneOfValues(['success']),
      message: string('What was done'),
      data: { description: 'The answer: its schema is given by each operation' },
    }),
  }),
);

/**
 * The success envelope of one operation: `result.data` is `data`, and a read in pages has its
 * next-page token (`nextPageToken`, or `pageToken` for recordings) beside it, absent on the
 * last page (D5.5).
 */
export function successEnvelope(
  data: Schema,
  options: { message: string; pageToken?: string },
): Schema {
  const result = object(
    {
      message: { type: 'string', example: options.message },
      data,
      ...(options.pageToken && {
        [options.pageToken]: string('The next page: pass it back as `data.pageToken`'),
      }),
    },
    { optional: options.pageToken ? [options.pageToken] : [] },
  );
  return { allOf: [SUCCESS_ENVELOPE, object({ result })] };
}

/**
 * A failure an operation may answer, with when: the HTTP status follows from the google.rpc
 * status, and statuses that share one are listed together in its description.
 */
export const ApiFailure = (
  status: RpcStatus,
  when: string,
  httpStatus: number = HTTP_STATUS_OF[status],
) =>
  ApiResponse({
    status: httpStatus,
    description: `${status}: ${when}`,
    content: { 'application/json': { schema: FAILURE_ENVELOPE } },
  });

/** The failure of any write under concurrent writers, for `Rpc`'s `errors` (D1.6). */
export const CONFLICT = {
  ABORTED: 'the write kept conflicting with concurrent writers after its retries',
} as const;

/** Why a batch item failed, for callers to act on without parsing the message (D5.3). */
export const ITEM_FAILURE_CODES = [
  'already-exists',
  'not-found',
  'duplicate',
  'invalid',
  'failed-precondition',
  'internal',
] as const;

/** A batch answer: each submitted id's own result; the envelope stays success (D5). */
export const BATCH_RESULT = namedSchema(
  'BatchResult',
  mapOf(
    namedSchema(
      'ItemResult',
      object(
        {
          success: boolean(),
          id: string(),
          message: string('What was done, or why this item failed'),
          code: oneOfValues(ITEM_FAILURE_CODES, 'Why the item failed (failed items only)'),
        },
        { optional: ['code'] },
      ),
    ),
    'Submitted id → its result',
  ),
);
