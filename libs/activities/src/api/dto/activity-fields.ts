import { applyDecorators } from '@nestjs/common';
import {
  Allow,
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsObject,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  ValidateBy,
} from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import {
  ExtraFields,
  isPlainObject,
  MAX_BATCH_ITEMS,
  OptionalField,
  OptionalText,
  RequiredId,
} from '@app/platform';
import { ACTIVITY_ID, ACTIVITY_ID_RULE } from '../../application/common/activity-id';
import { FEATURE_TYPES } from '../../domain/activity.events';

// The rules below are composed with `applyDecorators`, which checks them in the order
// written (stacked decorators run bottom-up): the value's type first, so with the first
// error kept, a string where a list belongs reads "must be an array", not a size rule.

const NOT_EMPTY = { message: '$property must not be empty' };
const ONE_OF_FEATURES = `must be one of ${FEATURE_TYPES.join(', ')}`;

/** A record's id as a caller gives it (operation 18): a string of the id alphabet. */
export const ActivityIdText = () =>
  applyDecorators(IsString(), Matches(ACTIVITY_ID, ACTIVITY_ID_RULE));

/** A `featureType`: one of the five kinds. */
export const FeatureTypeText = () =>
  applyDecorators(IsString(), IsIn(FEATURE_TYPES, { message: `$property ${ONE_OF_FEATURES}` }));

/** An `actionType`: a non-empty string of at most 512 characters. */
export const ActionTypeText = () =>
  applyDecorators(IsString(), MinLength(1, NOT_EMPTY), MaxLength(512));

/** An optional filter of kinds (each at most once in practice; twice each is tolerated). */
export const FeatureTypeFilter = () =>
  applyDecorators(
    OptionalField(),
    IsArray(),
    ArrayMaxSize(FEATURE_TYPES.length * 2),
    IsString({ each: true }),
    IsIn(FEATURE_TYPES, { each: true, message: `each item of $property ${ONE_OF_FEATURES}` }),
  );

/** An optional filter of up to 1000 action types, each as `ActionTypeText`. */
export const ActionTypeFilter = () =>
  applyDecorators(
    OptionalField(),
    IsArray(),
    ArrayMaxSize(MAX_BATCH_ITEMS),
    IsString({ each: true }),
    MinLength(1, { each: true, message: 'each item of $property must not be empty' }),
    MaxLength(512, { each: true }),
  );

/** The person who acted (hosted user object): `userId` required, other fields kept as given. */
export class ActivityUserDto {
  @RequiredId()
  userId: string;

  @OptionalText(512)
  name?: string;

  @OptionalText(512)
  email?: string;

  /**
   * Every other field as given. The holder's own name is not excluded: its value is made
   * from the raw object, so a caller's field called `extra` is kept in it like any other.
   */
  @ExtraFields(['userId', 'name', 'email'])
  extra: Record<string, unknown>;
}

/** The key of the first `changes` entry that is not a `{from, to}` object, if any. */
const badChange = (value: unknown): string | undefined =>
  isPlainObject(value)
    ? Object.entries(value).find(([, change]) => !isPlainObject(change))?.[0]
    : undefined;

/**
 * `changes`: field name → `{from, to}` (hosted `ActivityChange`). Each value must be an
 * object: the record is shown as "changed X from A to B", and a scalar there says nothing.
 */
export const ChangesMap = () =>
  applyDecorators(
    OptionalField(),
    IsObject({ message: '$property must be an object' }),
    ValidateBy({
      name: 'isChangesMap',
      validator: {
        validate: (value) => badChange(value) === undefined,
        defaultMessage: (args) =>
          `$property.${badChange(args?.value)} must be an object such as {"from": "a", "to": "b"}`,
      },
    }),
    JSONSchema(() => ({
      type: 'object',
      additionalProperties: { type: 'object', properties: { from: {}, to: {} } },
      description: 'Field name → {from, to}',
      example: { status: { from: 'open', to: 'resolved' } },
    })),
  );

/** A field of any JSON value (`entityData`, `entityTargetData`), stored as given. */
export const AnyValue = () =>
  applyDecorators(
    OptionalField(),
    Allow(),
    JSONSchema(() => ({ description: 'Any JSON value' })),
  );
