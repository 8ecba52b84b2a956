import { defineEvent, type EventOf } from '@app/event-store';
import type { StoredEmailConfig } from './email-config';

/** The whole configuration after an update, the SendGrid key sealed (D14.1). */
export const EmailConfigUpdated = defineEvent<{
  apiKey: string;
  config: StoredEmailConfig;
  /** Epoch ms. */
  at: number;
}>()('email.config-updated');

export const EMAIL_SETTINGS_EVENTS = { EmailConfigUpdated };
export type EmailSettingsEvent = EventOf<typeof EMAIL_SETTINGS_EVENTS>;
