import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { ServiceError, type FieldViolation } from './service-error';
import { cacheValidationMetadata } from './validation-metadata-cache';

/** Flattens class-validator errors to `data.documents[3].documentId`-style paths (D1.7). */
export function fieldViolations(errors: ValidationError[], parent = 'data'): FieldViolation[] {
  const out: FieldViolation[] = [];
  for (const error of errors) {
    const path = /^\d+$/.test(error.property)
      ? `${parent}[${error.property}]`
      : `${parent}.${error.property}`;
    for (const message of Object.values(error.constraints ?? {})) {
      out.push({ field: path, message: message.replace(error.property, path) });
    }
    if (error.children?.length) out.push(...fieldViolations(error.children, path));
  }
  return out;
}

/** The global pipe: DTO validation with unknown fields stripped (D1.4) and D1.7 errors. */
export function createValidationPipe(): ValidationPipe {
  cacheValidationMetadata();
  return new ValidationPipe({
    whitelist: true,
    transform: true,
    validateCustomDecorators: true,
    stopAtFirstError: true,
    // A field left unset keeps the DTO's default (an Optional `null` is made unset).
    transformOptions: { exposeUnsetFields: false },
    exceptionFactory: (errors) => ServiceError.invalidArgument(fieldViolations(errors)),
  });
}
