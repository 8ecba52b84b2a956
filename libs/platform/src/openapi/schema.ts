import type { ReferenceObject, SchemaObject } from '@nestjs/swagger';

/** A JSON schema as OpenAPI 3.0 writes it: inline, or a `$ref` to `components.schemas`. */
export type Schema = SchemaObject | ReferenceObject;

export const COMPONENTS = '#/components/schemas/';

export const ref = (name: string): ReferenceObject => ({ $ref: `${COMPONENTS}${name}` });

const named = new Map<string, SchemaObject>();

/**
 * A response schema kept once in `components.schemas` under `name` and referenced from every
 * operation that answers it. A name given twice is a mistake caught at start.
 */
export function namedSchema(name: string, schema: SchemaObject): ReferenceObject {
  const existing = named.get(name);
  if (existing && existing !== schema) throw new Error(`OpenAPI schema ${name} defined twice`);
  named.set(name, schema);
  return ref(name);
}

/** Every schema given to `namedSchema`. */
export const namedSchemas = (): ReadonlyMap<string, SchemaObject> => named;

// Small builders, so that response schemas read like the TypeScript views they describe.

export const string = (description?: string): SchemaObject => ({
  type: 'string',
  ...(description && { description }),
});
export const integer = (description?: string): SchemaObject => ({
  type: 'integer',
  ...(description && { description }),
});
export const boolean = (description?: string): SchemaObject => ({
  type: 'boolean',
  ...(description && { description }),
});
export const oneOfValues = (values: readonly string[], description?: string): SchemaObject => ({
  type: 'string',
  enum: [...values],
  ...(description && { description }),
});
export const arrayOf = (items: Schema, description?: string): SchemaObject => ({
  type: 'array',
  items,
  ...(description && { description }),
});
/** An object keyed by ids (`{"<id>": item}`). */
export const mapOf = (item: Schema, description?: string): SchemaObject => ({
  type: 'object',
  additionalProperties: item,
  ...(description && { description }),
});
/** A JSON object whose content is the caller's (context, metadata). */
export const freeObject = (description?: string): SchemaObject => ({
  type: 'object',
  additionalProperties: true,
  ...(description && { description }),
});
/** `schema` or null (OpenAPI 3.0: `nullable`; a `$ref` goes through `allOf`). */
export const nullable = (schema: Schema): SchemaObject =>
  '$ref' in schema ? { allOf: [schema], nullable: true } : { ...schema, nullable: true };
/** An answer whose `data` is always null. */
export const NULL_DATA: SchemaObject = {
  type: 'object',
  nullable: true,
  enum: [null],
  description: 'Always null',
};

/**
 * An object with these properties, all required except `optional`; `extra: true` says that
 * other fields (metadata the caller gave) come along.
 */
export function object(
  properties: Record<string, Schema>,
  options: { optional?: readonly string[]; extra?: boolean; description?: string } = {},
): SchemaObject {
  const optional = new Set(options.optional ?? []);
  for (const name of optional) {
    if (!(name in properties)) throw new Error(`optional ${name} is not a property`);
  }
  const required = Object.keys(properties).filter((name) => !optional.has(name));
  return {
    type: 'object',
    properties,
    ...(required.length > 0 && { required }),
    ...(options.extra && { additionalProperties: true }),
    ...(options.description && { description: options.description }),
  };
}
