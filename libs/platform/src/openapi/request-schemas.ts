import type { Type as ClassType } from '@nestjs/common';
import type { SchemaObject } from '@nestjs/swagger';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage.js';
import { getMetadataStorage, ValidationTypes } from 'class-validator';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
import { nestedClassOf } from '../http/nested-class';
import { isNullable } from '../http/presence-rules';
import { ApiBody } from './deferred-decorators';
import { COMPONENTS, ref } from './schema';

type Class = ClassType<unknown>;

const requestClasses = new Map<string, Class>();

/** The request classes given to `RequestBody`, by name. */
export const registeredRequestClasses = (): ReadonlyMap<string, Class> => requestClasses;

/** Records a request class so that the document gets its schema; one class per name. */
function register(target: Class): void {
  const existing = requestClasses.get(target.name);
  if (existing && existing !== target) {
    throw new Error(`Two request classes are named ${target.name}: OpenAPI needs unique names`);
  }
  requestClasses.set(target.name, target);
}

/**
 * The body `{data: <target>}` in OpenAPI (D1.1). The schema of `target` itself is made from
 * its class-validator rules when the document is built (`requestSchemas`).
 */
export function RequestBody(target: Class): MethodDecorator {
  register(target);
  return ApiBody({
    required: true,
    schema: { type: 'object', required: ['data'], properties: { data: ref(target.name) } },
  });
}

type Rule = ReturnType<ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas']>[0];

const rulesOf = (target: Class): Rule[] =>
  getMetadataStorage().getTargetValidationMetadatas(target, '', true, false);

/** The classes nested in `target` through `@Type(() => X)` (NestedObject, NestedList). */
function nestedClasses(target: Class): Class[] {
  const properties = new Set(rulesOf(target).map((r) => r.propertyName));
  const found: Class[] = [];
  for (const property of properties) {
    const nested = nestedClassOf(target, property);
    if (nested) found.push(nested);
  }
  return found;
}

/** Removes what class-validator-jsonschema writes that OpenAPI 3.0 does not read. */
function clean(schema: SchemaObject): SchemaObject {
  const out: Record<string, unknown> = { ...schema };
  // `$ref` siblings are ignored by OpenAPI 3.0: the referenced schema says it all.
  if (typeof out.$ref === 'string') return { $ref: out.$ref } as SchemaObject;
  // IsDefined comes out as `not: {type: "null"}`; 3.0 has no null type, and `required` says it.
  const not = out.not as Record<string, unknown> | undefined;
  if (not && not.type === 'null') {
    const { type: _null, ...rest } = not;
    if (Object.keys(rest).length > 0) out.not = rest;
    else delete out.not;
  }
  if (out.items) out.items = clean(out.items as SchemaObject);
  return out as SchemaObject;
}

/**
 * The schema of one request class, from class-validator's output with this project's rules
 * applied: IsInt is an integer, a NullableField may be null, the fields ExtraFields keeps
 * as metadata are "any other field", and a property's default is shown.
 */
function classSchema(target: Class, generated: SchemaObject): SchemaObject {
  const rules = rulesOf(target);
  const defaults = new (target as new () => Record<string, unknown>)();
  const properties: Record<string, SchemaObject> = {};
  let required = [...(generated.required ?? [])];
  let extraFields = false;
  for (const [property, raw] of Object.entries(generated.properties ?? {})) {
    const own = rules.filter((r) => r.propertyName === property);
    if (own.length > 0 && own.every((r) => r.type === ValidationTypes.WHITELIST)) {
      // ExtraFields: not a field of the request, but every field the DTO does not name.
      extraFields = true;
      required = required.filter((name) => name !== property);
      continue;
    }
    let schema = clean(raw as SchemaObject);
    if (own.some((r) => r.name === 'isInt' && !r.each) && schema.type === 'number') {
      schema = { ...schema, type: 'integer' };
    }
    if (isNullable(target.prototype as object, property)) {
      schema =
        '$ref' in schema ? { allOf: [schema], nullable: true } : { ...schema, nullable: true };
    }
    if (defaults[property] !== undefined) schema = { ...schema, default: defaults[property] };
    properties[property] = schema;
  }
  return {
    type: 'object',
    properties,
    ...(required.length > 0 && { required }),
    ...(extraFields && {
      additionalProperties: true,
      description: 'Fields not named here are kept as the item’s metadata and returned (D6.1)',
    }),
  };
}

/**
 * The schemas of every request class given to `RequestBody` and of the classes nested in
 * them, by class name, made from their class-validator rules (class-validator-jsonschema)
 * when the document is built: the same under tsc and SWC, and never out of step with
 * what the validation pipe checks.
 */
export function requestSchemas(): Record<string, SchemaObject> {
  const generated = validationMetadatasToSchemas({
    classTransformerMetadataStorage: defaultMetadataStorage,
    refPointerPrefix: COMPONENTS,
  }) as Record<string, SchemaObject>;
  const out: Record<string, SchemaObject> = {};
  const seen = new Map<string, Class>();
  const pending = [...requestClasses.values()];
  while (pending.length > 0) {
    const target = pending.pop()!;
    const other = seen.get(target.name);
    if (other === target) continue;
    if (other) throw new Error(`Two request classes are named ${target.name}`);
    seen.set(target.name, target);
    // A class without rules (EmptyRequest) reads nothing from `data`.
    const schema = generated[target.name] ?? { type: 'object', properties: {} };
    out[target.name] = classSchema(target, schema);
    pending.push(...nestedClasses(target));
  }
  return out;
}
