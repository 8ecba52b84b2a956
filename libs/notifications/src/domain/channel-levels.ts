/** How much of a channel a user wants (D9.6): everything, what involves them, or nothing. */
export const CHANNEL_LEVELS = ['ALL', 'MINE', 'NONE'] as const;
export type ChannelLevel = (typeof CHANNEL_LEVELS)[number];

/**
 * A user's settings at one level: channel name → value as the caller gave it. Values other
 * than the three levels are kept (a client may know more of them than this server does).
 */
export type ChannelSettings = Record<string, string>;

/** Channels one user may have at one level (a call names at most as many). */
export const MAX_CHANNELS = 20;

/** What a user has set nowhere: the hosted defaults. */
export const DEFAULT_CHANNELS: Readonly<ChannelSettings> = { inbox: 'ALL', email: 'MINE' };

/** Channel names are caller-given keys: an inherited `constructor` must never pass for one. */
const own = (settings: ChannelSettings | undefined, channel: string): string | undefined =>
  settings !== undefined && Object.hasOwn(settings, channel) ? settings[channel] : undefined;

/** A stored value as a decision reads it: an unknown string counts as `MINE`. */
export function levelOf(value: string): ChannelLevel {
  return (CHANNEL_LEVELS as readonly string[]).includes(value) ? (value as ChannelLevel) : 'MINE';
}

/**
 * The settings in force: document level over organization level over the defaults. Stored
 * values are answered as they are (unknown strings too).
 */
export function effectiveSettings(
  organization?: ChannelSettings,
  document?: ChannelSettings,
): ChannelSettings {
  return { ...DEFAULT_CHANNELS, ...organization, ...document };
}

/**
 * The level in force of one channel. A channel set nowhere and without a default (`slack`
 * before anyone set it) is `MINE`, as an unknown value is.
 */
export function effectiveLevel(
  channel: string,
  organization?: ChannelSettings,
  document?: ChannelSettings,
): ChannelLevel {
  const value =
    own(document, channel) ?? own(organization, channel) ?? own(DEFAULT_CHANNELS, channel);
  return value === undefined ? 'MINE' : levelOf(value);
}
