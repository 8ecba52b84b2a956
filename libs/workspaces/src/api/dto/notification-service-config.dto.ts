import { applyDecorators } from '@nestjs/common';
import { IsBoolean, IsInt, Max, Min, ValidateBy } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { isPlainObject, NestedObject, OptionalField } from '@app/platform';

const MAX_GROUPS = 20;
const MAX_TRIGGERS_PER_GROUP = 100;
const MAX_NAME_LENGTH = 200;

const badName = (name: string) => name.length === 0 || name.length > MAX_NAME_LENGTH;

/** What is wrong with a `triggers` value, as a message on `$property`; none when it is right. */
function triggersProblem(value: unknown): string | undefined {
  if (!isPlainObject(value)) return '$property must be an object';
  const groups = Object.entries(value);
  if (groups.length > MAX_GROUPS) return `$property must have at most ${MAX_GROUPS} groups`;
  for (const [group, triggers] of groups) {
    if (badName(group)) return `$property group names must be 1 to ${MAX_NAME_LENGTH} characters`;
    if (!isPlainObject(triggers)) return `$property.${group} must be an object`;
    const entries = Object.entries(triggers);
    if (entries.length > MAX_TRIGGERS_PER_GROUP) {
      return `$property.${group} must have at most ${MAX_TRIGGERS_PER_GROUP} event types`;
    }
    for (const [eventType, on] of entries) {
      if (badName(eventType)) {
        return `$property.${group} event types must be 1 to ${MAX_NAME_LENGTH} characters`;
      }
      if (typeof on !== 'boolean') return `$property.${group}.${eventType} must be a boolean`;
    }
  }
  return undefined;
}

/**
 * `{<group>: {<event type>: boolean}}` (D9.8): names are the caller's (bounded in length and
 * count), every value a boolean. The message names the group or event type at fault.
 */
export const TriggerGroups = () =>
  applyDecorators(
    OptionalField(),
    ValidateBy({
      name: 'triggerGroups',
      validator: {
        validate: (value) => triggersProblem(value) === undefined,
        defaultMessage: (args) => triggersProblem(args?.value) ?? '$property is invalid',
      },
    }),
    // The whole schema: a custom rule alone would read as a reference to a class `Object`.
    JSONSchema(() => ({
      type: 'object',
      maxProperties: MAX_GROUPS,
      additionalProperties: {
        type: 'object',
        maxProperties: MAX_TRIGGERS_PER_GROUP,
        additionalProperties: { type: 'boolean' },
      },
      description: 'Trigger group (`comment`, `huddle`, ...) → event type (`comment.add`) → on',
    })),
  );

export class NotificationDelayConfigDto {
  @OptionalField() @IsBoolean() isEnabled?: boolean;
  /** 10 seconds to 6 months, as hosted. */
  @OptionalField() @IsInt() @Min(10) @Max(15_552_000) delaySeconds?: number;
}

export class NotificationBatchWindowDto {
  @OptionalField() @IsBoolean() isEnabled?: boolean;
  /** 10 seconds to a week, as hosted. */
  @OptionalField() @IsInt() @Min(10) @Max(604_800) batchWindowSeconds?: number;
  @OptionalField() @IsInt() @Min(2) @Max(50) maxActivities?: number;
}

export class NotificationBatchConfigDto {
  @NestedObject(() => NotificationBatchWindowDto, 'optional') document?: NotificationBatchWindowDto;
  @NestedObject(() => NotificationBatchWindowDto, 'optional') user?: NotificationBatchWindowDto;
}

/** `notificationServiceConfig` (D9.8): every part optional, merged into what is stored. */
export class NotificationServiceConfigDto {
  @TriggerGroups() triggers?: Record<string, Record<string, boolean>>;
  @NestedObject(() => NotificationDelayConfigDto, 'optional')
  delayConfig?: NotificationDelayConfigDto;
  @NestedObject(() => NotificationBatchConfigDto, 'optional')
  batchConfig?: NotificationBatchConfigDto;
}
