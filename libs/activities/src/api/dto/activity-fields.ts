import { applyDecorators } from '@nestjs/common';
import { Allow, IsObject, ValidateBy } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { ExtraFields, isPlainObject, OptionalField, OptionalText, RequiredId } from '@app/platform';

/** The person who acted (hosted user object): `userId` required, other fields kept as given. */
export class ActivityUserDto {
  @RequiredId()
  userId: string;

  @OptionalText(512)
  name?: string;

  @OptionalText(512)
  email?: string;

  @ExtraFields(['userId', 'name', 'email', 'extra'])
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
