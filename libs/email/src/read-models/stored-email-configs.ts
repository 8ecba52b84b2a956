import type { EntityManager } from 'typeorm';
import type { StoredEmailServiceConfig } from '@app/workspaces';
import { emailConfigOfNewKey, type StoredEmailConfig } from '../domain/email-config';

interface Row {
  api_key: string;
  settings: {
    useEmailService?: boolean;
    emailServiceConfig?: StoredEmailServiceConfig;
    setDefaultEmailTriggers?: boolean;
  } | null;
  use_email_service: boolean | null;
  type: string;
  sealed_api_key: string;
  from_email: string;
  from_company: string;
  comment_template_id: string;
  tag_template_id: string;
  triggers: StoredEmailConfig['triggers'] | null;
}

/** A key's configuration and whether anyone set one (an update, or operation 1). */
export interface EmailConfigOfKey {
  config: StoredEmailConfig;
  configured: boolean;
}

/**
 * The email configuration of some API keys in one read (through `manager`, in its
 * transaction): the projected row, else what operation 1 set. Keys that do not exist are
 * absent.
 */
export async function readEmailConfigs(
  manager: EntityManager,
  apiKeys: string[],
): Promise<Map<string, EmailConfigOfKey>> {
  if (apiKeys.length === 0) return new Map();
  const rows: Row[] = await manager.query(
    `SELECT k.api_key, k.settings, e.use_email_service, e.type, e.sealed_api_key, e.from_email,
       e.from_company, e.comment_template_id, e.tag_template_id, e.triggers
     FROM api_keys k LEFT JOIN email_configs e ON e.api_key = k.api_key
     WHERE k.api_key = ANY($1::text[])`,
    [apiKeys],
  );
  return new Map(
    rows.map((r): [string, EmailConfigOfKey] => {
      if (r.use_email_service === null) {
        const settings = r.settings ?? {};
        return [
          r.api_key,
          {
            config: emailConfigOfNewKey(settings),
            configured:
              settings.useEmailService === true ||
              settings.emailServiceConfig !== undefined ||
              settings.setDefaultEmailTriggers === true,
          },
        ];
      }
      return [
        r.api_key,
        {
          config: {
            useEmailService: r.use_email_service,
            type: r.type,
            sealedApiKey: r.sealed_api_key,
            fromEmail: r.from_email,
            fromCompany: r.from_company,
            commentTemplateId: r.comment_template_id,
            tagTemplateId: r.tag_template_id,
            ...(r.triggers && { triggers: r.triggers }),
          },
          configured: true,
        },
      ];
    }),
  );
}
