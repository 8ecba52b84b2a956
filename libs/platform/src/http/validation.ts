import {
  ValidationPipe,
  type ArgumentMetadata,
  type ValidationError,
  type ValidationPipeOptions,
} from '@nestjs/common';
import { cutOversizedLists } from './list-limits';
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

/**
 * Nest's pipe, which first validates a copy with every list over its limit cut short
 * (`cutOversizedLists`): its refusal is the request's, at the cost of a request within the
 * limits. A copy it accepts (a limit that did not apply) is dropped and the whole request
 * validated.
 */
class DataValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const { metatype } = metadata;
    const cut =
      metatype && this.toValidate(metadata) ? cutOversizedLists(metatype, value) : undefined;
    if (cut !== undefined) await super.transform(cut, metadata);
    return super.transform(value, metadata);
  }
}

/** DTO validation with unknown fields stripped (D1.4) and D1.7 errors. */
export const validationOptions: ValidationPipeOptions = {
  whitelist: true,
  transform: true,
  validateCustomDecorators: true,
  stopAtFirstError: true,
  // A field left unset keeps the DTO's default (an Optional `null` is made unset).
  transformOptions: { exposeUnsetFields: false },
  exceptionFactory: (errors) => ServiceError.invalidArgument(fieldViolations(errors)),
};

/** The global pipe. */
export function createValidationPipe(): ValidationPipe {
  cacheValidationMetadata();
  return new DataValidationPipe(validationOptions);
}
