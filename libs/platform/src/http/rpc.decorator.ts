import { applyDecorators, HttpCode, Post, type Type } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '../openapi/deferred-decorators';
import { RequestBody } from '../openapi/request-schemas';
import { ApiFailure, successEnvelope } from '../openapi/responses';
import type { Schema } from '../openapi/schema';
import { Enveloped } from './enveloped';
import type { RpcStatus } from './service-error';

export interface RpcOptions {
  /** The `result.message` of the success envelope. */
  message: string;
  /** One line saying what the operation does (OpenAPI `summary`). */
  summary: string;
  /** The request class of `data` (its schema comes from its class-validator rules). */
  data?: Type<unknown>;
  /** The schema of `result.data` in the success envelope. */
  response: Schema;
  /** A read in pages: the name of the next-page token beside `result.data` (D5.5). */
  pageToken?: 'nextPageToken' | 'pageToken';
  /** Failures of this operation besides the ones every operation and its auth may answer. */
  errors?: Partial<Record<RpcStatus, string>>;
}

/** `data` of an operation that reads nothing from it: any object, `{}` will do. */
export class EmptyRequest {}

/** What every operation may answer, whatever it does (D1.2, D1.6, D1.7). */
export const CommonFailures = () =>
  applyDecorators(
    ApiFailure(
      'INVALID_ARGUMENT',
      'a field rule is broken (the first field at fault is named in `details.fields`), the body is not JSON or has no `data` object',
    ),
    ApiFailure('INVALID_ARGUMENT', 'the body is larger than 5 MiB', 413),
    ApiFailure('INTERNAL', 'an unexpected error (logged on the server, never shown)'),
    ApiFailure('UNAVAILABLE', 'the database is unreachable; retry after `Retry-After` seconds'),
  );

/**
 * One POST operation of the API: HTTP 200, the answer in the success envelope with its
 * message, and in OpenAPI its summary, `{data: ...}` body, success envelope and failures.
 */
export function Rpc(path: string, options: RpcOptions): MethodDecorator {
  const errors = Object.entries(options.errors ?? {}) as [RpcStatus, string][];
  return applyDecorators(
    Enveloped(options.message), // first: the decorators after it describe the wrapper
    Post(path),
    HttpCode(200),
    ApiOperation({ summary: options.summary }),
    // Operations without a request class still take `{data: {}}` (D1.1).
    RequestBody(options.data ?? EmptyRequest),
    ApiOkResponse({
      description: `Success: "${options.message}"`,
      content: {
        'application/json': {
          schema: successEnvelope(options.response, {
            message: options.message,
            pageToken: options.pageToken,
          }),
        },
      },
    }),
    CommonFailures(),
    ...errors.map(([status, when]) => ApiFailure(status, when)),
  );
}
