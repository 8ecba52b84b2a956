import type { SecretBox } from '@app/platform';
import type { EmailTriggers, StoredEmailConfig } from '../../domain/email-config';

/** `emailconfig/get|update`'s data (hosted shape); `triggers` only once set or seeded. */
export interface EmailConfigView {
  useEmailService: boolean;
  emailServiceConfig: {
    type: string;
    /** The SendGrid key masked: `...` and its last four characters; `''` when none. */
    apiKey: string;
    fromEmail: string;
    fromCompany: string;
    commentTemplateId: string;
    tagTemplateId: string;
    triggers?: EmailTriggers;
  };
}

/**
 * A key as callers see it, as the permission provider's token (D15) and AI provider keys
 * (D3.5) are shown: `...` and its last four characters, nothing of a short one.
 */
export const maskedKey = (key: string): string => {
  if (key === '') return '';
  const chars = Array.from(key);
  return chars.length > 8 ? `...${chars.slice(-4).join('')}` : '...';
};

/**
 * A stored SendGrid key in clear, or `undefined` when it cannot be opened (sealed under another
 * SERVICE_ENCRYPTION_KEY, or damaged): one such key must not fail a read of others.
 */
export function openedKey(box: SecretBox, sealed: string): string | undefined {
  try {
    return box.open(sealed);
  } catch {
    return undefined;
  }
}

/** The mask of a stored key: `...` alone when it cannot be opened (a key is there). */
export const maskOfSealed = (box: SecretBox, sealed: string): string => {
  if (sealed === '') return '';
  const key = openedKey(box, sealed);
  return key === undefined ? '...' : maskedKey(key);
};

export function emailConfigView(config: StoredEmailConfig, box: SecretBox): EmailConfigView {
  return {
    useEmailService: config.useEmailService,
    emailServiceConfig: {
      type: config.type,
      apiKey: maskOfSealed(box, config.sealedApiKey),
      fromEmail: config.fromEmail,
      fromCompany: config.fromCompany,
      commentTemplateId: config.commentTemplateId,
      tagTemplateId: config.tagTemplateId,
      ...(config.triggers && { triggers: config.triggers }),
    },
  };
}
