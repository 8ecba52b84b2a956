import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsString, MaxLength, ValidateBy, isEmail } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { isPlainObject, NestedObject, OptionalField } from '@app/platform';
import { EMAIL_SERVICE_TYPES } from '../../domain/email-config';

const MAX_TRIGGERS = 100;
const MAX_NAME_LENGTH = 200;

const badName = (name: string) => name.length === 0 || name.length > MAX_NAME_LENGTH;

/** What is wrong with a `triggers` value, as a message on `$property`; none when it is right. */
function triggersProblem(value: unknown): string | undefined {
  if (!isPlainObject(value)) return '$property must be an object';
  const entries = Object.entries(value);
  if (entries.length > MAX_TRIGGERS) return `$property must have at most ${MAX_TRIGGERS} entries`;
  for (const [name, on] of entries) {
    if (badName(name)) return `$property names must be 1 to ${MAX_NAME_LENGTH} characters`;
    if (typeof on === 'boolean') continue;
    if (!isPlainObject(on)) return `$property.${name} must be a boolean or an object of booleans`;
    const group = Object.entries(on);
    if (group.length > MAX_TRIGGERS) {
      return `$property.${name} must have at most ${MAX_TRIGGERS} entries`;
    }
    for (const [action, flag] of group) {
      if (badName(action)) {
        return `$property.${name} names must be 1 to ${MAX_NAME_LENGTH} characters`;
      }
      if (typeof flag !== 'boolean') return `$property.${name}.${action} must be a boolean`;
    }
  }
  return undefined;
}

/**
 * `triggers` (D14.1): hosted action → on (`"comment.add": true`), or a group of them
 * (`comment: {"comment.add": true}`), as `notificationconfig` stores them.
 */
const EmailTriggerMap = () =>
  applyDecorators(
    // The value as sent: class-transformer would drop names such as `constructor` or
    // `toString` (members of Object.prototype) from the copy it builds.
    Transform(({ obj, key }: { obj: Record<string, unknown>; key: string }) => obj[key]),
    OptionalField(),
    ValidateBy({
      name: 'emailTriggers',
      validator: {
        validate: (value) => triggersProblem(value) === undefined,
        defaultMessage: (args) => triggersProblem(args?.value) ?? '$property is invalid',
      },
    }),
    // The whole schema: a custom rule alone would read as a reference to a class `Object`.
    JSONSchema(() => ({
      type: 'object',
      maxProperties: MAX_TRIGGERS,
      additionalProperties: {
        oneOf: [
          { type: 'boolean' },
          {
            type: 'object',
            maxProperties: MAX_TRIGGERS,
            additionalProperties: { type: 'boolean' },
          },
        ],
      },
      description:
        'Hosted action (`comment.add`) → on, or a group (`comment`, `huddle`) of them; on if either form says so',
    })),
  );

/** An address, or `''` (none: nothing is sent until one is set). */
const EmailOrEmpty = () =>
  ValidateBy({
    name: 'emailOrEmpty',
    validator: {
      validate: (value) => typeof value === 'string' && (value === '' || isEmail(value)),
      defaultMessage: () => '$property must be an email address or empty',
    },
  });

/** `emailServiceConfig` (D14.1): every field optional, merged into what is stored. */
export class EmailServiceSettingsDto {
  @OptionalField()
  @IsString()
  @IsIn(EMAIL_SERVICE_TYPES, {
    message: `$property must be one of ${EMAIL_SERVICE_TYPES.join(', ')}`,
  })
  type?: string;

  /** The SendGrid key; its mask as `get` shows it keeps the stored one, `''` clears it. */
  @OptionalField() @IsString() @MaxLength(1000) apiKey?: string;

  @OptionalField() @IsString() @MaxLength(320) @EmailOrEmpty() fromEmail?: string;
  @OptionalField() @IsString() @MaxLength(200) fromCompany?: string;
  @OptionalField() @IsString() @MaxLength(200) commentTemplateId?: string;
  @OptionalField() @IsString() @MaxLength(200) tagTemplateId?: string;
  @EmailTriggerMap() triggers?: Record<string, boolean | Record<string, boolean>>;
}

/** D14.1: at least one of the two (checked by the handler). */
export class UpdateEmailConfigRequest {
  @OptionalField() @IsBoolean() useEmailService?: boolean;
  @NestedObject(() => EmailServiceSettingsDto, 'optional')
  emailServiceConfig?: EmailServiceSettingsDto;
}
