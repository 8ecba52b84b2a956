/** The ways a domain refuses a request; the HTTP edge answers each with its own status. */
export type DomainErrorCode =
  'INVALID_ARGUMENT' | 'FAILED_PRECONDITION' | 'NOT_FOUND' | 'ALREADY_EXISTS';

/**
 * A rule of a domain said no. Domain code throws (a subclass of) this, never the HTTP
 * layer's ServiceError; the exception filter maps it to the failure envelope.
 */
export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
