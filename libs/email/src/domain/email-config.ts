import { DEFAULT_NOTIFICATION_TRIGGERS, type StoredEmailServiceConfig } from '@app/workspaces';
import type { EmailServiceType } from './email-setup';

export const EMAIL_SERVICE_TYPES: readonly EmailServiceType[] = ['default', 'sendgrid', 'custom'];

/**
 * Email triggers as the caller set them (D14.1): a boolean value is one hosted action
 * (`"comment.add": true`), an object a group of them (`comment: {"comment.add": true}`), as
 * `notificationconfig` stores them. Both forms are kept as given.
 */
export type EmailTriggers = Record<string, boolean | Record<string, boolean>>;

/** A key's email configuration as stored: every field set, the SendGrid key sealed. */
export interface StoredEmailConfig {
  useEmailService: boolean;
  /** As given; operation 1 takes any string, so an unknown one reads as `custom` to senders. */
  type: string;
  /** SecretBox-sealed; `''` when none. */
  sealedApiKey: string;
  fromEmail: string;
  fromCompany: string;
  commentTemplateId: string;
  tagTemplateId: string;
  /** Absent until set or seeded. */
  triggers?: EmailTriggers;
  /**
   * Set once an update or operation 1 named a type: the first enable then keeps it (a stored
   * `default` without it came from nothing, and is seeded `custom` as hosted does). Absent
   * (not false) otherwise, so states compare equal; never shown.
   */
  typeChosen?: true;
}

/** A key never configured: the hosted `emailconfig/get` answer of a new key. */
export const NO_EMAIL_CONFIG: StoredEmailConfig = {
  useEmailService: false,
  type: 'default',
  sealedApiKey: '',
  fromEmail: '',
  fromCompany: '',
  commentTemplateId: '',
  tagTemplateId: '',
};

/** The update's fields, types checked; the SendGrid key already sealed (or kept). */
export interface EmailConfigChange {
  useEmailService?: boolean;
  emailServiceConfig?: {
    type?: string;
    /** Sealed; `''` clears the key; absent keeps it. */
    sealedApiKey?: string;
    fromEmail?: string;
    fromCompany?: string;
    commentTemplateId?: string;
    tagTemplateId?: string;
    triggers?: EmailTriggers;
  };
}

/**
 * What operation 1 (`apikey/create`) set: the configuration before any `emailconfig/update`.
 * Its triggers come from `setDefaultEmailTriggers` alone (the caller said whether it wants them).
 */
export function emailConfigOfNewKey(settings: {
  useEmailService?: boolean;
  emailServiceConfig?: StoredEmailServiceConfig;
  setDefaultEmailTriggers?: boolean;
}): StoredEmailConfig {
  const given = settings.emailServiceConfig ?? {};
  return {
    useEmailService: settings.useEmailService ?? false,
    // Enabled without a type: `custom`, as the update's first enable seeds it (a `default`
    // nobody chose would make every later enable need the SMTP relay).
    type: given.type || (settings.useEmailService ? 'custom' : NO_EMAIL_CONFIG.type),
    ...(given.type && { typeChosen: true }),
    sealedApiKey: given.sealedApiKey ?? '',
    fromEmail: given.fromEmail ?? '',
    fromCompany: given.fromCompany ?? '',
    commentTemplateId: given.commentTemplateId ?? '',
    tagTemplateId: given.tagTemplateId ?? '',
    ...(settings.setDefaultEmailTriggers && {
      triggers: copyTriggers(DEFAULT_NOTIFICATION_TRIGGERS),
    }),
  };
}

const copyTriggers = (triggers: EmailTriggers): EmailTriggers =>
  mergeTriggers(undefined, triggers) ?? {};

/** Groups merged name by name; a flat trigger or a new form replaces (built as new entries). */
function mergeTriggers(
  base: EmailTriggers | undefined,
  over: EmailTriggers | undefined,
): EmailTriggers | undefined {
  if (!over) return base;
  const names = new Set([...Object.keys(base ?? {}), ...Object.keys(over)]);
  return Object.fromEntries(
    [...names].map((name): [string, boolean | Record<string, boolean>] => {
      const before = base && Object.hasOwn(base, name) ? base[name] : undefined;
      const after = Object.hasOwn(over, name) ? over[name] : undefined;
      if (after === undefined) return [name, typeof before === 'object' ? { ...before } : before!];
      if (typeof after === 'boolean') return [name, after];
      return [name, { ...(typeof before === 'object' ? before : {}), ...after }];
    }),
  );
}

/** Empty groups name no trigger. */
const hasTriggers = (triggers: EmailTriggers | undefined): boolean =>
  Object.values(triggers ?? {}).some(
    (value) => typeof value === 'boolean' || Object.keys(value).length > 0,
  );

/**
 * Applies an update to the stored configuration (D14.1, as hosted): a deep merge, omitted
 * fields kept. Enabling the service (`useEmailService: true` or `type: "custom"`) while no
 * trigger is stored first seeds the defaults: the standard comment triggers and every huddle
 * trigger on, the service on, and type `custom` unless a type was chosen before (a stored
 * `default` nobody chose is replaced; `sendgrid`, or a chosen `default`, is kept: hosted
 * preserves the other fields); the request is merged on top.
 */
export function applyEmailConfig(
  current: StoredEmailConfig,
  change: EmailConfigChange,
): StoredEmailConfig {
  const input = change.emailServiceConfig ?? {};
  const enables = change.useEmailService === true || input.type === 'custom';
  const base: StoredEmailConfig =
    enables && !hasTriggers(current.triggers)
      ? {
          ...current,
          useEmailService: true,
          type:
            current.typeChosen || current.type !== NO_EMAIL_CONFIG.type ? current.type : 'custom',
          triggers: mergeTriggers(current.triggers, DEFAULT_NOTIFICATION_TRIGGERS),
        }
      : current;
  const triggers = mergeTriggers(base.triggers, input.triggers);
  return {
    useEmailService: change.useEmailService ?? base.useEmailService,
    type: input.type ?? base.type,
    sealedApiKey: input.sealedApiKey ?? base.sealedApiKey,
    fromEmail: input.fromEmail ?? base.fromEmail,
    fromCompany: input.fromCompany ?? base.fromCompany,
    commentTemplateId: input.commentTemplateId ?? base.commentTemplateId,
    tagTemplateId: input.tagTemplateId ?? base.tagTemplateId,
    ...(triggers && { triggers }),
    ...((input.type !== undefined || base.typeChosen) && { typeChosen: true }),
  };
}

/** The hosted actions whose trigger is on: either form saying true turns one on. */
export function triggersOn(triggers: EmailTriggers | undefined): Set<string> {
  const on = new Set<string>();
  for (const [name, value] of Object.entries(triggers ?? {})) {
    if (value === true) on.add(name);
    else if (typeof value === 'object' && value !== null) {
      for (const [action, enabled] of Object.entries(value)) if (enabled === true) on.add(action);
    }
  }
  return on;
}

/** The type senders act on: an unknown stored one (operation 1 takes any) sends nothing. */
export const serviceTypeOf = (type: string): EmailServiceType =>
  (EMAIL_SERVICE_TYPES as readonly string[]).includes(type) ? (type as EmailServiceType) : 'custom';
