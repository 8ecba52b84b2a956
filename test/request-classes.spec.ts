/**
 * Every request class, found through the routes that take `@RequestData()`, and every class
 * nested in one, must say what each of its fields is: a nested object is a plain object
 * checked by its own class (never "an array of them will do"), a list checks its items, and
 * an optional field either treats null as absent or is marked as reading null on purpose.
 * A new request class that forgets one of these fails here, not in production.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { TransformationType, Type } from 'class-transformer';
import { getMetadataStorage, IsOptional, ValidateNested, ValidationTypes } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import type { MetadataStorage } from 'class-transformer/types/MetadataStorage';
import { isNullable, nullAsAbsent, RequestData } from '@app/platform';

type Class = abstract new (...args: never[]) => unknown;

const LIBS = join(process.cwd(), 'libs');

// The storage @Type and @Transform write to; the package's types do not name this path.
const STORAGE_PATH: string = 'class-transformer/cjs/storage.js';
let defaultMetadataStorage: MetadataStorage;

function controllerFiles(): string[] {
  return readdirSync(LIBS).flatMap((lib) => {
    const api = join(LIBS, lib, 'src', 'api');
    try {
      return readdirSync(api)
        .filter((f) => f.endsWith('.controller.ts'))
        .map((f) => join(api, f));
    } catch {
      return [];
    }
  });
}

/** The factory behind `@RequestData()`, to tell its parameters from `@Tenant()` and others. */
function requestDataFactory(): unknown {
  class Probe {
    handle(_data: unknown) {}
  }
  RequestData()(Probe.prototype, 'handle', 0);
  const args = Reflect.getMetadata(ROUTE_ARGS_METADATA, Probe, 'handle') ?? {};
  return (Object.values(args)[0] as { factory: unknown }).factory;
}

async function requestClasses(): Promise<Map<string, Class>> {
  const factory = requestDataFactory();
  const found = new Map<string, Class>();
  for (const file of controllerFiles()) {
    const exported = (await import(file)) as Record<string, unknown>;
    for (const controller of Object.values(exported)) {
      if (typeof controller !== 'function') continue;
      if (Reflect.getMetadata(PATH_METADATA, controller) === undefined) continue;
      const prototype = controller.prototype as Record<string, unknown>;
      for (const method of Object.getOwnPropertyNames(prototype)) {
        const args = Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {};
        const types: Class[] = Reflect.getMetadata('design:paramtypes', prototype, method) ?? [];
        for (const arg of Object.values(args) as { factory?: unknown; index: number }[]) {
          if (arg.factory !== factory) continue;
          found.set(`${controller.name}.${method}`, types[arg.index]);
        }
      }
    }
  }
  return found;
}

const has = (rules: ValidationMetadata[], name: string, each?: boolean) =>
  rules.some(
    (r) => (r.name === name || r.type === name) && (each === undefined || Boolean(r.each) === each),
  );

/**
 * Whether a conditional rule (IsOptional, ValidateIf) skips the property's rules when it is
 * null: asked of the rule's own condition, so a condition that still checks null (the fast
 * path of a batch, say) is not taken for optional.
 */
const skipsNull = (rules: ValidationMetadata[], property: string) =>
  rules.some(
    (r) =>
      r.type === ValidationTypes.CONDITIONAL_VALIDATION &&
      !(r.constraints?.[0] as (object: object, value: unknown) => boolean)(
        { [property]: null },
        null,
      ),
  );

/** What is wrong with each field of `target` and of every class nested in it. */
function problemsOf(target: Class, seen = new Set<Class>()): string[] {
  if (seen.has(target)) return [];
  seen.add(target);
  const all = getMetadataStorage().getTargetValidationMetadatas(target, '', true, false);
  const properties = new Set(all.map((r) => r.propertyName));
  const problems: string[] = [];
  for (const property of properties) {
    const at = `${target.name}.${property}`;
    const rules = all.filter((r) => r.propertyName === property);
    const isList = has(rules, 'isArray');
    const nested = defaultMetadataStorage.findTypeMetadata(target, property);
    if (nested) {
      if (!has(rules, ValidationTypes.NESTED_VALIDATION))
        problems.push(`${at}: @Type without ValidateNested`);
      if (!has(rules, 'isObject', isList))
        problems.push(`${at}: nested value not checked as a plain object`);
      problems.push(...problemsOf(nested.typeFunction() as Class, seen));
    } else if (has(rules, ValidationTypes.NESTED_VALIDATION)) {
      problems.push(`${at}: ValidateNested without @Type, its items are not checked`);
    }
    if (isList && !rules.some((r) => r.each))
      problems.push(`${at}: a list whose items have no rule`);
    if (skipsNull(rules, property) && !isNullable(target.prototype as object, property)) {
      const transforms = defaultMetadataStorage.findTransformMetadatas(
        target,
        property,
        TransformationType.PLAIN_TO_CLASS,
      );
      if (!transforms.some((t) => t.transformFn === nullAsAbsent)) {
        problems.push(`${at}: optional, but null is neither made absent nor marked Nullable`);
      }
    }
  }
  return problems;
}

describe('request classes', () => {
  let classes: Map<string, Class>;

  beforeAll(async () => {
    ({ defaultMetadataStorage } = await import(STORAGE_PATH));
    classes = await requestClasses();
  });

  it('are found for every route that reads a body', () => {
    expect(classes.size).toBeGreaterThanOrEqual(45);
    for (const [route, type] of classes) expect([route, type]).not.toEqual([route, Object]);
  });

  it('check every nested object as a plain object by its own rules, every list item, every null', () => {
    const problems = [...new Set([...classes.values()].flatMap((type) => problemsOf(type)))];
    expect(problems).toEqual([]);
  });

  it('would catch a class that forgets', () => {
    class Inner {}
    class Careless {
      inner: Inner;
    }
    // The old way: ValidateNested + Type, which lets an array of Inner through.
    IsOptional()(Careless.prototype, 'inner');
    ValidateNested()(Careless.prototype, 'inner');
    Type(() => Inner)(Careless.prototype, 'inner');
    expect(problemsOf(Careless)).toEqual([
      'Careless.inner: nested value not checked as a plain object',
      'Careless.inner: optional, but null is neither made absent nor marked Nullable',
    ]);
  });
});
