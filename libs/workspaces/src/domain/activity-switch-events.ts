import type { RecordedEvent } from '@app/event-store';
import type { ActivityServiceConfig } from './activity-config';
import { apiKeyStream } from './api-key.aggregate';
import { ActivityConfigUpdated, ApiKeyCreated, ApiKeyOptionsUpdated } from './api-key.events';

/** The events that set a key's activity switch or settings (D7.4), in the log. */
export const ACTIVITY_SWITCH_EVENT_TYPES = [
  ApiKeyCreated.type,
  ApiKeyOptionsUpdated.type,
  ActivityConfigUpdated.type,
];

/** What one of those events sets: the flag, the settings, or both. */
export interface ActivitySwitchChange {
  apiKey: string;
  isEnabled: boolean;
  settings?: Omit<ActivityServiceConfig, 'isEnabled'>;
}

const API_KEY_STREAM_PREFIX = apiKeyStream('');

/**
 * Reads a switch event, for a subscriber that must know the switch as it was when each
 * change happened rather than as it is when the change is handled (a lagging subscriber
 * would otherwise derive from a change made while off, or miss one made while on).
 */
export function activitySwitchChangeOf(event: RecordedEvent): ActivitySwitchChange | undefined {
  const apiKey = event.streamId.startsWith(API_KEY_STREAM_PREFIX)
    ? event.streamId.slice(API_KEY_STREAM_PREFIX.length)
    : undefined;
  if (apiKey === undefined) return undefined;
  if (ApiKeyCreated.is(event) || ApiKeyOptionsUpdated.is(event)) {
    return { apiKey, isEnabled: event.data.options.activityServiceEnabled === true };
  }
  if (ActivityConfigUpdated.is(event)) {
    const { isEnabled, ...settings } = event.data.activityServiceConfig;
    return { apiKey, isEnabled, settings };
  }
  return undefined;
}
