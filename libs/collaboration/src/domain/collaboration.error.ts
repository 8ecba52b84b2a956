import { DomainError, type DomainErrorCode } from '@app/platform';

/** A collaboration rule refused a change (an annotation that is not there, an id in use, ...). */
export class CollaborationError extends DomainError {
  constructor(code: DomainErrorCode, message: string, details?: Record<string, unknown>) {
    super(code, message, details);
    this.name = 'CollaborationError';
  }

  /** One request field is wrong: the same answer as a validation failure of that field. */
  static invalidField(field: string, message: string): CollaborationError {
    return new CollaborationError('INVALID_ARGUMENT', `${field}: ${message}`, {
      fields: [{ field, message }],
    });
  }
}
