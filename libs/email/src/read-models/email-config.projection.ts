import { Injectable } from '@nestjs/common';
import { Projection, type InlineProjection, type RecordedEvent } from '@app/event-store';
import type { EntityManager } from 'typeorm';
import { EmailConfigUpdated } from '../domain/email-settings.events';

/** Keeps `email_configs` current from each API key's email settings stream (by version). */
@Projection()
@Injectable()
export class EmailConfigProjection implements InlineProjection {
  readonly tables = ['email_configs'];
  readonly handles = [EmailConfigUpdated.type];

  async project(events: RecordedEvent[], m: EntityManager): Promise<void> {
    for (const event of events) {
      if (!EmailConfigUpdated.is(event)) continue;
      const { apiKey, config: c, at } = event.data;
      await m.query(
        `INSERT INTO email_configs AS e (api_key, use_email_service, type, sealed_api_key,
           from_email, from_company, comment_template_id, tag_template_id, triggers, updated_at,
           version)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11)
         ON CONFLICT (api_key) DO UPDATE SET use_email_service = $2, type = $3,
           sealed_api_key = $4, from_email = $5, from_company = $6, comment_template_id = $7,
           tag_template_id = $8, triggers = $9::jsonb, updated_at = $10, version = $11
         WHERE e.version < $11`,
        [
          apiKey,
          c.useEmailService,
          c.type,
          c.sealedApiKey,
          c.fromEmail,
          c.fromCompany,
          c.commentTemplateId,
          c.tagTemplateId,
          c.triggers ? JSON.stringify(c.triggers) : null,
          new Date(at).toISOString(),
          event.streamVersion,
        ],
      );
    }
  }
}
