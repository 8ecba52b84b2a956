import { applyDecorators } from '@nestjs/common';
import { ArrayMaxSize, ArrayMinSize, IsArray } from 'class-validator';
import { IsCallerId, MAX_BATCH_ITEMS, OptionalField } from '@app/platform';

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
