import { Injectable, Logger } from '@nestjs/common';
import { SecretBox } from '@app/platform';
import type { EntityManager } from 'typeorm';
import { serviceTypeOf, triggersOn } from '../../domain/email-config';
import type { EmailSetup } from '../../domain/email-setup';
import { readEmailConfigs } from '../../read-models/stored-email-configs';
import { openedKey } from './email-config-view';

/**
 * The email setup of some API keys, as senders need it, in one query through the caller's
 * transaction (a subscriber's): keys never configured (and unknown ones) are absent.
 */
@Injectable()
export class EmailConfigReader {
  private readonly logger = new Logger('EmailConfig');

  constructor(private readonly box: SecretBox) {}

  async read(manager: EntityManager, apiKeys: string[]): Promise<Map<string, EmailSetup>> {
    const configs = await readEmailConfigs(manager, [...new Set(apiKeys)]);
    const setups = new Map<string, EmailSetup>();
    for (const [apiKey, { config: c, configured }] of configs) {
      if (!configured) continue;
      const type = serviceTypeOf(c.type);
      const sendgridApiKey =
        type === 'sendgrid' && c.sealedApiKey ? openedKey(this.box, c.sealedApiKey) : undefined;
      if (type === 'sendgrid' && c.sealedApiKey && sendgridApiKey === undefined) {
        // Without its key the planner skips this API key; the others are read all the same.
        this.logger.warn(
          `The SendGrid key of API key ${apiKey} cannot be opened (sealed under another SERVICE_ENCRYPTION_KEY?): its emails are not sent until the key is set again`,
        );
      }
      setups.set(apiKey, {
        useEmailService: c.useEmailService,
        type,
        fromEmail: c.fromEmail,
        fromCompany: c.fromCompany,
        commentTemplateId: c.commentTemplateId,
        tagTemplateId: c.tagTemplateId,
        ...(sendgridApiKey !== undefined && { sendgridApiKey }),
        triggers: triggersOn(c.triggers),
      });
    }
    return setups;
  }
}
