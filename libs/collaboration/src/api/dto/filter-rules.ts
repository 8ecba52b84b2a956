import { applyDecorators } from '@nestjs/common';
import { ArrayMaxSize, ArrayMinSize, Equals, IsArray, ValidateIf } from 'class-validator';
import { IsCallerId, MAX_BATCH_ITEMS, OptionalField } from '@app/platform';

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

/**
 * An optional filter of a write: 1 to 1000 ids when given. An empty list is refused rather
 * than read as "no filter", which would widen an update or delete to the whole document.
 */
export const WriteFilter = () =>
  applyDecorators(
    OptionalField(),
    IsArray(),
    ArrayMinSize(1),
    ArrayMaxSize(MAX_BATCH_ITEMS),
    IsCallerId({ each: true }),
  );
