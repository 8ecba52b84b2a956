import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ServiceError } from './service-error';

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Nesting allowed in `data`: far beyond any real request, well below what recursion survives. */
export const MAX_DATA_DEPTH = 64;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why a string cannot be stored: Postgres refuses NUL, and a lone surrogate is not Unicode. */
function unstorable(text: string): string | undefined {
  if (text.includes('\u0000')) return 'must not contain the NUL character (\\u0000)';
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode (it holds a lone UTF-16 surrogate)';
  return undefined;
}

interface Violation {
  field: string;
  message: string;
}

/**
 * The first part of `data` that no field rule should have to meet: nesting deeper than
 * MAX_DATA_DEPTH (validation and storage recurse, and 1,500 levels overflowed the stack), or
 * a string or key that cannot be stored. Checked before any DTO sees the data.
 */
function firstViolation(value: unknown, path: string, depth: number): Violation | undefined {
  if (typeof value === 'string') {
    const message = unstorable(value);
    return message ? { field: path, message } : undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  if (depth > MAX_DATA_DEPTH) {
    return { field: path, message: `must not nest deeper than ${MAX_DATA_DEPTH} levels` };
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = firstViolation(value[i], `${path}[${i}]`, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const keyProblem = unstorable(key);
    if (keyProblem) return { field: path, message: `keys ${keyProblem}` };
    const found = firstViolation(item, `${path}.${key}`, depth + 1);
    if (found) return found;
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
  const violation = firstViolation(body.data, 'data', 1);
  if (violation) throw ServiceError.invalidField(violation.field, violation.message);
  return body.data;
});
