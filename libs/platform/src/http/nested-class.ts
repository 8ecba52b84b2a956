import type { Type as ClassType } from '@nestjs/common';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage.js';

/** The class `@Type(() => X)` names for `property` of `target` (NestedObject, NestedList), if any. */
export function nestedClassOf(
  target: ClassType<unknown>,
  property: string,
): ClassType<unknown> | undefined {
  const type = defaultMetadataStorage.findTypeMetadata(target, property)?.typeFunction();
  return typeof type === 'function' && type !== Object ? (type as ClassType<unknown>) : undefined;
}
