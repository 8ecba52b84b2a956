import type { Type as ClassType } from '@nestjs/common';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage.js';
import { ARRAY_MAX_SIZE, getMetadataStorage, ValidationTypes } from 'class-validator';
import type { FieldViolation } from './service-error';

type Class = ClassType<unknown>;

/** A property's list limit (`ArrayMaxSize` with its own message) and nested class. */
interface PropertyLimit {
  property: string;
  max?: number;
  nested?: Class;
}

const limitsByClass = new Map<Class, PropertyLimit[]>();

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The list limits and nested classes of `target`'s properties, read once per class. */
function limitsOf(target: Class): PropertyLimit[] {
  let limits = limitsByClass.get(target);
  if (limits) return limits;
  const byProperty = new Map<string, PropertyLimit>();
  for (const rule of getMetadataStorage().getTargetValidationMetadatas(target, '', true, false)) {
    const limit = byProperty.get(rule.propertyName) ?? { property: rule.propertyName };
    byProperty.set(rule.propertyName, limit);
    // Only the default message is repeated here; a rule with its own is left to class-validator.
    if (rule.name === ARRAY_MAX_SIZE && !rule.each && rule.message === undefined) {
      const max = Number(rule.constraints?.[0]);
      if (Number.isInteger(max)) limit.max = Math.min(limit.max ?? max, max);
    }
    if (rule.type === ValidationTypes.NESTED_VALIDATION) {
      const nested = defaultMetadataStorage.findTypeMetadata(target, rule.propertyName);
      const type = nested?.typeFunction() as Class | undefined;
      if (typeof type === 'function' && type !== Object) limit.nested = type;
    }
  }
  limits = [...byProperty.values()].filter((l) => l.max !== undefined || l.nested);
  limitsByClass.set(target, limits);
  return limits;
}

/**
 * The first list in `value` longer than its class's `ArrayMaxSize` allows, with the violation
 * class-validator would report. Checked before class-transformer copies the request into
 * instances: a 3 MB body of 10,000 items, refused anyway, cost half a second of the event
 * loop in that copy and the validation after it; this walk reads only the listed fields.
 */
export function oversizedList(
  target: Class,
  value: unknown,
  path = 'data',
): FieldViolation | undefined {
  if (!isObject(value)) return undefined;
  for (const { property, max, nested } of limitsOf(target)) {
    const field = value[property];
    const at = `${path}.${property}`;
    if (Array.isArray(field)) {
      if (max !== undefined && field.length > max) {
        return { field: at, message: `${at} must contain no more than ${max} elements` };
      }
      if (!nested) continue;
      for (let i = 0; i < field.length; i++) {
        const found = oversizedList(nested, field[i], `${at}[${i}]`);
        if (found) return found;
      }
    } else if (nested) {
      const found = oversizedList(nested, field, at);
      if (found) return found;
    }
  }
  return undefined;
}
