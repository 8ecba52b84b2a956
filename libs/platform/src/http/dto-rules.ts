import { applyDecorators, type Type as ClassType } from '@nestjs/common';
import { Expose, Transform } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsInt,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { MAX_PAGE_SIZE } from '../paging/page';
import { NestedList } from './nested-rules';
import { OptionalField, RequiredField } from './presence-rules';
import { isPlainObject } from './request-data.decorator';

/** D5.1: items per batch call and ids per filter. */
export const MAX_BATCH_ITEMS = 1000;

const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/;

/** A caller-given id (D4.3): 1 to 512 characters, no control characters. */
export const IsCallerId = (options: { each?: boolean } = {}) =>
  applyDecorators(
    IsString(options),
    Length(1, 512, options),
    Matches(NO_CONTROL_CHARACTERS, {
      ...options,
      message: '$property must not contain control characters',
    }),
  );

/** A required caller id. */
export const RequiredId = () => applyDecorators(RequiredField(), IsCallerId());

/** A required batch of 1 to 1000 items of `item`, each validated (D5.1). */
export const BatchOf = (item: () => ClassType<unknown>) =>
  NestedList(item, { min: 1, max: MAX_BATCH_ITEMS });

/** A required list of 1 to 1000 ids (D5.1): what a delete or a job acts on. */
export const RequiredIds = () =>
  applyDecorators(
    RequiredField(),
    IsArray(),
    ArrayMinSize(1),
    ArrayMaxSize(MAX_BATCH_ITEMS),
    IsCallerId({ each: true }),
  );

/** `pageSize` of a keyset read: 1 to 1000 (D5.5); give the property its default of 1000. */
export const PageSize = () => applyDecorators(OptionalField(), IsInt(), Min(1), Max(MAX_PAGE_SIZE));

/** `pageToken` of a keyset read (D5.5). */
export const PageToken = () => applyDecorators(OptionalField(), IsString(), MaxLength(2048));

/** An optional filter of at most 1000 ids (D5.1). */
export const IdFilter = () =>
  applyDecorators(
    OptionalField(),
    IsArray(),
    ArrayMaxSize(MAX_BATCH_ITEMS),
    IsCallerId({ each: true }),
  );

/**
 * An optional list of 1 to 1000 ids that a write acts on. An empty list is refused rather
 * than read as "no filter", which would widen an update or delete to everything.
 */
export const WriteIdFilter = () =>
  applyDecorators(
    OptionalField(),
    IsArray(),
    ArrayMinSize(1),
    ArrayMaxSize(MAX_BATCH_ITEMS),
    IsCallerId({ each: true }),
  );

/** An optional string of at most `max` characters (names, texts). */
export const OptionalText = (max: number) =>
  applyDecorators(OptionalField(), IsString(), MaxLength(max));

/**
 * Keeps the fields of an item that its DTO does not name, as `metadata` (D6.1). `named`
 * are the DTO's own fields and names the server sets itself; whitelisting strips every
 * other field from the DTO, so they are gathered from the raw item before that.
 */
export const ExtraFields = (named: readonly string[]) =>
  applyDecorators(
    Expose(),
    Allow(),
    Transform(
      ({ obj }) =>
        Object.fromEntries(
          Object.entries(isPlainObject(obj) ? obj : {}).filter(([key]) => !named.includes(key)),
        ),
      { toClassOnly: true },
    ),
  );
