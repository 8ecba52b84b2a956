import type { Type as ClassType } from '@nestjs/common';
import { ARRAY_MAX_SIZE, getMetadataStorage, ValidationTypes } from 'class-validator';
import { nestedClassOf } from './nested-class';
import { isPlainObject } from './request-data.decorator';

type Class = ClassType<unknown>;

/** A property's list limit (`ArrayMaxSize`) and the class its value or items are checked as. */
interface PropertyLimit {
  property: string;
  max?: number;
  nested?: { type: Class; each: boolean };
}

const limitsByClass = new Map<Class, PropertyLimit[]>();

/** The list limits and nested classes of `target`'s properties, read once per class. */
function limitsOf(target: Class): PropertyLimit[] {
  let limits = limitsByClass.get(target);
  if (limits) return limits;
  const byProperty = new Map<string, PropertyLimit>();
  for (const rule of getMetadataStorage().getTargetValidationMetadatas(target, '', true, false)) {
    const limit = byProperty.get(rule.propertyName) ?? { property: rule.propertyName };
    byProperty.set(rule.propertyName, limit);
    if (rule.name === ARRAY_MAX_SIZE && !rule.each) {
      const max = Number(rule.constraints?.[0]);
      if (Number.isInteger(max) && max >= 0) limit.max = Math.min(limit.max ?? max, max);
    }
    if (rule.type === ValidationTypes.NESTED_VALIDATION) {
      const type = nestedClassOf(target, rule.propertyName);
      if (type) limit.nested = { type, each: rule.each === true };
    }
  }
  limits = [...byProperty.values()].filter((l) => l.max !== undefined || l.nested);
  limitsByClass.set(target, limits);
  return limits;
}

/**
 * `value` with every list longer than its `ArrayMaxSize` cut to one item over the limit (a
 * copy along the way to each cut), or undefined when no list is over. A cut copy fails
 * validation where `value` does (the list over its limit, an item it keeps, any other field)
 * while class-transformer copies and class-validator checks a thousand items instead of all:
 * a 2.8 MB call of 10,000 recordings held the event loop 530-580 ms before its refusal. One
 * that passes (a limit that did not apply, under `ValidateIf`) tells nothing about `value`.
 */
export function cutOversizedLists(target: Class, value: unknown): unknown {
  if (!isPlainObject(value)) return undefined;
  let copy: Record<string, unknown> | undefined;
  const set = (property: string, cut: unknown) => {
    copy ??= { ...value };
    copy[property] = cut;
  };
  for (const { property, max, nested } of limitsOf(target)) {
    const field = value[property];
    if (Array.isArray(field)) {
      let list = max !== undefined && field.length > max ? field.slice(0, max + 1) : field;
      if (nested?.each) {
        list.forEach((item, i) => {
          const cut = cutOversizedLists(nested.type, item);
          if (cut === undefined) return;
          if (list === field) list = [...field];
          list[i] = cut;
        });
      }
      if (list !== field) set(property, list);
    } else if (nested && !nested.each) {
      const cut = cutOversizedLists(nested.type, field);
      if (cut !== undefined) set(property, cut);
    }
  }
  return copy;
}
