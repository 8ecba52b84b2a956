import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { Equals, IsDefined, IsOptional, ValidateIf } from 'class-validator';

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

/**
 * A filter the hosted service defines and this server does not apply: given, it answers
 * INVALID_ARGUMENT naming it rather than being ignored (D1.8). `off` is the value that asks
 * for no filtering (a boolean's false), which is accepted.
 */
export const NotApplied = (off?: boolean) =>
  applyDecorators(
    OptionalField(),
    ValidateIf((_, value) => value !== off),
    Equals(undefined, { message: '$property is a filter this server does not apply (D1.8)' }),
  );
