import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsObject, ValidateBy } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { isPlainObject, RequiredField } from '@app/platform';
import { MAX_CHANNELS } from '../../domain/channel-levels';

export const CHANNEL_NAME = /^[A-Za-z0-9_-]{1,64}$/;
export const MAX_VALUE_LENGTH = 64;

const shown = (name: string) => JSON.stringify(name.length > 64 ? `${name.slice(0, 64)}…` : name);

/** What is wrong with a channel map, said after its property name; nothing when it is right. */
function problemOf(value: unknown): string | undefined {
  if (!isPlainObject(value)) return ' must be an object';
  const entries = Object.entries(value);
  if (entries.length > MAX_CHANNELS) return ` must name at most ${MAX_CHANNELS} channels`;
  for (const [name, level] of entries) {
    // The JSON parser refuses `__proto__` already; a map copied by assignment must never meet it.
    if (!CHANNEL_NAME.test(name) || name === '__proto__') {
      return ` has a channel name that is not 1 to 64 letters, digits, "_" or "-": ${shown(name)}`;
    }
    if (typeof level !== 'string' || level.length === 0 || level.length > MAX_VALUE_LENGTH) {
      return `.${name} must be a string of 1 to ${MAX_VALUE_LENGTH} characters`;
    }
  }
  return undefined;
}

/**
 * A required map channel name → value (`{inbox: "ALL", slack: "NONE"}`). A channel given
 * `null` is left out, as an optional field's null is. The map is taken from the raw request,
 * own keys only. The failure names the field: `data.config.inbox must be ...`.
 */
export const ChannelMap = () =>
  applyDecorators(
    RequiredField(),
    IsObject({ message: '$property must be an object' }),
    Transform(
      ({ obj, key }) => {
        const raw = (obj as Record<string, unknown>)[key];
        if (!isPlainObject(raw)) return raw;
        return Object.fromEntries(Object.entries(raw).filter(([, level]) => level !== null));
      },
      { toClassOnly: true },
    ),
    ValidateBy({
      name: 'isChannelMap',
      validator: {
        validate: (value) => problemOf(value) === undefined,
        defaultMessage: (args) => `$property${problemOf(args?.value) ?? ' is invalid'}`,
      },
    }),
    // The generator would make a custom rule on a `Record` a reference to a schema `Object`.
    JSONSchema(() => ({
      type: 'object',
      maxProperties: MAX_CHANNELS,
      additionalProperties: { type: 'string', minLength: 1, maxLength: MAX_VALUE_LENGTH },
      description:
        'Channel name (1 to 64 letters, digits, "_" or "-") → ALL, MINE or NONE; other values are kept as given',
      example: { inbox: 'ALL', email: 'MINE', slack: 'NONE' },
    })),
  );
