import { HttpException } from '@nestjs/common';
import { isConnectionFailure } from '../database/connection-failure';
import { DomainError } from '../domain/domain-error';
import type { FailureEnvelope } from './envelope';
import { HTTP_STATUS_OF, ServiceError, type RpcStatus } from './service-error';

export interface Failure {
  httpStatus: number;
  body: FailureEnvelope;
  /** Unexpected errors are logged with their stack; the caller never sees it (D1.7). */
  unexpected: boolean;
  /** Response headers the failure calls for (Retry-After). */
  headers?: Record<string, string>;
  /** Worth a warning in the log, without the stack: an outage answers many requests at once. */
  warning?: string;
}

/**
 * Seconds a caller is asked to wait when the database is unreachable: a restart or failover
 * takes seconds, and the pool reconnects on the first request after it.
 */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

const STATUS_OF_HTTP: Record<number, RpcStatus> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  413: 'INVALID_ARGUMENT',
  415: 'INVALID_ARGUMENT',
  429: 'RESOURCE_EXHAUSTED',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

function envelope(
  status: RpcStatus,
  message: string,
  extra: Partial<FailureEnvelope['error']> = {},
): FailureEnvelope {
  return { error: { status, message, ...extra } };
}

/** Fastify's own errors (body parsing, size limit) carry a statusCode and an FST_ code. */
function fastifyFailure(error: { statusCode: number; code?: string }): Failure | undefined {
  if (error.statusCode === 413) {
    return {
      httpStatus: 413,
      body: envelope('INVALID_ARGUMENT', 'Request body is larger than 5 MiB'),
      unexpected: false,
    };
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return {
      httpStatus: 400,
      body: envelope('INVALID_ARGUMENT', 'Content-Type must be application/json'),
      unexpected: false,
    };
  }
  if (error.statusCode === 400) {
    return {
      httpStatus: 400,
      body: envelope('INVALID_ARGUMENT', 'Request body must be a JSON object {data: {...}}'),
      unexpected: false,
    };
  }
  return undefined;
}

/** Turns any thrown value into the failure envelope and its HTTP status (D1.3, D1.6, D1.7). */
export function toFailure(error: unknown, route?: string): Failure {
  if (error instanceof ServiceError) {
    const { status, message, details, code, headers } = error;
    const body = envelope(status, message, {
      ...(details !== undefined && { details }),
      ...(code !== undefined && { code }),
    });
    return { httpStatus: HTTP_STATUS_OF[status], body, unexpected: false, headers };
  }
  if (error instanceof DomainError) {
    const { code, message, details } = error;
    const body = envelope(code, message, details !== undefined ? { details } : {});
    return { httpStatus: HTTP_STATUS_OF[code], body, unexpected: false };
  }
  if (error instanceof HttpException) {
    const httpStatus = error.getStatus();
    if (httpStatus === 404) {
      return {
        httpStatus,
        body: envelope('NOT_FOUND', `No operation at ${route ?? 'this path'}`),
        unexpected: false,
      };
    }
    // Nest wraps Fastify's own errors (malformed JSON, size limit) in HttpExceptions.
    const parsing = fastifyFailure({
      statusCode: httpStatus,
      code: (error.cause as { code?: string })?.code,
    });
    if (parsing) return parsing;
    const status = STATUS_OF_HTTP[httpStatus];
    if (status) return { httpStatus, body: envelope(status, error.message), unexpected: false };
  }
  if (isConnectionFailure(error)) {
    // A database outage is the caller's cue to retry, not a server bug (never 500).
    return {
      httpStatus: 503,
      body: envelope('UNAVAILABLE', 'The service is temporarily unavailable; retry shortly'),
      unexpected: false,
      headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
      warning: 'database unavailable',
    };
  }
  const statusCode = (error as { statusCode?: unknown })?.statusCode;
  if (typeof statusCode === 'number') {
    const failure = fastifyFailure(error as { statusCode: number; code?: string });
    if (failure) return failure;
  }
  return { httpStatus: 500, body: envelope('INTERNAL', 'Internal error'), unexpected: true };
}
