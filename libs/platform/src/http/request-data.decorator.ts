import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ServiceError } from './service-error';

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The `data` object of the request body `{data: {...}}` (D1.1). The global validation pipe
 * then validates it against the parameter's DTO class.
 */
export const RequestData = createParamDecorator((_: unknown, ctx: ExecutionContext) => {
  const body = ctx.switchToHttp().getRequest<{ body?: unknown }>().body;
  if (!isPlainObject(body) || !('data' in body)) {
    throw ServiceError.invalidField('data', 'data is required');
  }
  if (!isPlainObject(body.data)) {
    throw ServiceError.invalidField('data', 'data must be an object');
  }
  return body.data;
});
