import { applyDecorators, type Type as ClassType } from '@nestjs/common';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsObject, ValidateNested } from 'class-validator';
import { NullableField, OptionalField, RequiredField } from './presence-rules';

type Presence = 'required' | 'optional' | 'nullable';

const presence = (p: Presence) =>
  p === 'required' ? RequiredField() : p === 'nullable' ? NullableField() : OptionalField();

const OBJECT = { message: '$property must be an object' };
const OBJECT_ITEMS = { each: true, message: 'each item of $property must be an object' };

/**
 * A nested object checked by `item`'s rules. ValidateNested alone accepts an array of such
 * objects where one object belongs (class-transformer maps each element), and a stored
 * `from: [{...}]` once broke every reader of it: IsObject refuses arrays and scalars first.
 */
export const NestedObject = (item: () => ClassType<unknown>, p: Presence = 'required') =>
  applyDecorators(presence(p), IsObject(OBJECT), ValidateNested(), Type(item));

/** A list of `min`..`max` objects, each a plain object checked by `item`'s rules. */
export const NestedList = (
  item: () => ClassType<unknown>,
  { min = 0, max, optional = false }: { min?: number; max: number; optional?: boolean },
) =>
  applyDecorators(
    optional ? OptionalField() : RequiredField(),
    IsArray(),
    ...(min > 0 ? [ArrayMinSize(min)] : []),
    ArrayMaxSize(max),
    IsObject(OBJECT_ITEMS),
    ValidateNested({ each: true }),
    Type(item),
  );

/** A free-form JSON object (context, metadata): a plain object, its content the caller's. */
export const FreeObject = (p: Presence = 'optional') =>
  applyDecorators(presence(p), IsObject(OBJECT));
