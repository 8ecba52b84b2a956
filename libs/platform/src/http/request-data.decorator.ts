import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ServiceError } from './service-error';

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The path of the first string (or key) holding a NUL character: Postgres text and jsonb
 * cannot store one, so it is refused up front instead of failing the write.
 */
function pathOfNul(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = pathOfNul(value[i], `${path}[${i}]`);
      if (found) return found;
    }
  } else if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return path;
      const found = pathOfNul(item, `${path}.${key}`);
      if (found) return found;
    }
  }
  return undefined;
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
  const nul = pathOfNul(body.data, 'data');
  if (nul) throw ServiceError.invalidField(nul, 'must not contain the NUL character (\\u0000)');
  return body.data;
});
