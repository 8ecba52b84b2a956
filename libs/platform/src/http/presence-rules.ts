import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsDefined, IsOptional } from 'class-validator';

/** Marks a property whose `null` the application reads (it clears something). */
const NULLABLE = Symbol('nullable');

/** Turns `null` into "absent", so a default or "leave as it is" applies. */
export const nullAsAbsent = ({ value }: { value: unknown }) => (value === null ? undefined : value);

/**
 * An optional field: absent and `null` both mean "not given". class-validator's IsOptional
 * alone lets `null` through unvalidated, and handlers then read a null where a value or
 * nothing was promised (`pageSize: null` was a 500). The validation pipe leaves unset fields
 * unset, so a property's default survives.
 */
export const OptionalField = () =>
  applyDecorators(IsOptional(), Transform(nullAsAbsent, { toClassOnly: true }));

/** `null` counts as absent, for a field whose presence rule is conditional (`ValidateIf`). */
export const NullAsAbsent = () => Transform(nullAsAbsent, { toClassOnly: true });

/** An optional field whose `null` means something (unassign, remove a key): kept as null. */
export const NullableField = (): PropertyDecorator => (target, property) => {
  IsOptional()(target, property);
  Reflect.defineMetadata(NULLABLE, true, target, property);
};

export const isNullable = (target: object, property: string): boolean =>
  Reflect.getMetadata(NULLABLE, target, property) === true;

/** A field the request must carry (null is refused like absence). */
export const RequiredField = () => IsDefined({ message: '$property is required' });
