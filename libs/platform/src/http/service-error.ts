/** google.rpc status codes used in failure envelopes, with their HTTP status (D1.6). */
export const HTTP_STATUS_OF = {
  /** The caller closed its connection first; nobody reads this answer (499, as proxies log it). */
  CANCELLED: 499,
  INVALID_ARGUMENT: 400,
  FAILED_PRECONDITION: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  ABORTED: 409,
  RESOURCE_EXHAUSTED: 429,
  INTERNAL: 500,
  /** A hosted call this server knows and does not serve (the message says what). */
  UNIMPLEMENTED: 501,
  UNAVAILABLE: 503,
  DEADLINE_EXCEEDED: 504,
} as const;

export type RpcStatus = keyof typeof HTTP_STATUS_OF;

export interface FieldViolation {
  field: string;
  message: string;
}

/** The one error type handlers throw; the exception filter turns it into the failure envelope. */
export class ServiceError extends Error {
  constructor(
    readonly status: RpcStatus,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly code?: number,
    /** Response headers the failure calls for (`Retry-After` of a rate limit). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ServiceError';
  }

  static invalidArgument(fields: FieldViolation[]): ServiceError {
    const first = fields[0];
    const message = first ? `${first.field}: ${first.message}` : 'Invalid argument';
    return new ServiceError('INVALID_ARGUMENT', message, { fields });
  }

  /** A hosted call this server does not serve: HTTP 501, the message says what and why. */
  static unimplemented(message: string): ServiceError {
    return new ServiceError('UNIMPLEMENTED', message);
  }

  static invalidField(field: string, message: string): ServiceError {
    return ServiceError.invalidArgument([{ field, message }]);
  }
}
