import { isDeepStrictEqual } from 'node:util';
import { Aggregate, streamId, streamTarget } from '@app/event-store';
import { ServiceError } from '@app/platform';
import { applyEmailConfig, type EmailConfigChange, type StoredEmailConfig } from './email-config';
import { EmailConfigUpdated, type EmailSettingsEvent } from './email-settings.events';

export const EMAIL_SETTINGS_STREAM_TYPE = 'email-settings';
export const emailSettingsStream = (apiKey: string) => streamId(EMAIL_SETTINGS_STREAM_TYPE, apiKey);

export const NO_SMTP_RELAY =
  'Email service type "default" sends through the server\'s SMTP relay, and this server has none: set SMTP_URL, or choose type "sendgrid" or "custom".';

export const SENDGRID_KEY_NEEDED =
  'type "sendgrid" with the service on needs a SendGrid API key: send emailServiceConfig.apiKey.';

/** What the configuration is checked against besides itself. */
export interface EmailConfigContext {
  /** The configuration before any update: what operation 1 set (or nothing). */
  initial: StoredEmailConfig;
  /** Whether the server has an SMTP relay (`SMTP_URL`) for type `default`. */
  smtpConfigured: boolean;
  at: number;
}

/** An API key's email configuration (D14.1); its stream holds each update's result whole. */
export class EmailSettings extends Aggregate<EmailSettingsEvent> {
  config: StoredEmailConfig | null = null;

  constructor(readonly apiKey: string) {
    super();
  }

  /** Merges the change in (hosted rules), checks what it asks for, and records the result. */
  configure(change: EmailConfigChange, ctx: EmailConfigContext): StoredEmailConfig {
    const current = this.config ?? ctx.initial;
    const next = applyEmailConfig(current, change);
    const asked = change.emailServiceConfig ?? {};
    // Only what this request chose is refused: a stored state it leaves alone stays readable.
    const choosesDefault =
      next.type === 'default' && (asked.type === 'default' || change.useEmailService === true);
    if (choosesDefault && !ctx.smtpConfigured) {
      throw new ServiceError('FAILED_PRECONDITION', NO_SMTP_RELAY);
    }
    const sendgridWithoutKey =
      next.useEmailService &&
      next.type === 'sendgrid' &&
      next.sealedApiKey === '' &&
      (asked.type === 'sendgrid' || change.useEmailService === true || asked.sealedApiKey === '');
    if (sendgridWithoutKey) {
      throw ServiceError.invalidField('data.emailServiceConfig.apiKey', SENDGRID_KEY_NEEDED);
    }
    // Compared by content: a state read back from jsonb has its keys in another order.
    if (this.config === null || !isDeepStrictEqual(next, current)) {
      this.raise(EmailConfigUpdated({ apiKey: this.apiKey, config: next, at: ctx.at }));
    }
    return next;
  }

  protected when(event: EmailSettingsEvent): void {
    if (EmailConfigUpdated.is(event)) this.config = event.data.config;
  }
}

export const emailSettingsTarget = (apiKey: string) =>
  streamTarget(
    EMAIL_SETTINGS_STREAM_TYPE,
    emailSettingsStream(apiKey),
    () => new EmailSettings(apiKey),
  );
