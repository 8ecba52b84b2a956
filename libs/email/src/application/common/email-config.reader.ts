import { Injectable } from '@nestjs/common';
import { SecretBox } from '@app/platform';
import type { EntityManager } from 'typeorm';
import { serviceTypeOf, triggersOn } from '../../domain/email-config';
import type { EmailSetup } from '../../domain/email-setup';
import { readEmailConfigs } from '../../read-models/stored-email-configs';

/**
 * The email setup of some API keys, as senders need it, in one query through the caller's
 * transaction (a subscriber's): keys never configured (and unknown ones) are absent.
 */
@Injectable()
export class EmailConfigReader {
  constructor(private readonly box: SecretBox) {}

  async read(manager: EntityManager, apiKeys: string[]): Promise<Map<string, EmailSetup>> {
    const configs = await readEmailConfigs(manager, [...new Set(apiKeys)]);
    const setups = new Map<string, EmailSetup>();
    for (const [apiKey, { config: c, configured }] of configs) {
      if (!configured) continue;
      const type = serviceTypeOf(c.type);
      setups.set(apiKey, {
        useEmailService: c.useEmailService,
        type,
        fromEmail: c.fromEmail,
        fromCompany: c.fromCompany,
        commentTemplateId: c.commentTemplateId,
        tagTemplateId: c.tagTemplateId,
        ...(type === 'sendgrid' &&
          c.sealedApiKey && { sendgridApiKey: this.box.open(c.sealedApiKey) }),
        triggers: triggersOn(c.triggers),
      });
    }
    return setups;
  }
}
