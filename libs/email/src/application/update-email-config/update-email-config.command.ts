import { CommandOf } from '@app/platform';
import type { ApiKeyTenant } from '@app/workspaces';
import type { EmailTriggers } from '../../domain/email-config';
import type { EmailConfigView } from '../common/email-config-view';

/** The update as sent (types checked); `apiKey` is the SendGrid key in clear, or its mask. */
export interface EmailConfigInput {
  useEmailService?: boolean;
  emailServiceConfig?: {
    type?: string;
    apiKey?: string;
    fromEmail?: string;
    fromCompany?: string;
    commentTemplateId?: string;
    tagTemplateId?: string;
    triggers?: EmailTriggers;
  };
}

/** D14.1: `POST /v2/workspace/emailconfig/update`; answers the configuration as now stored. */
export class UpdateEmailConfigCommand extends CommandOf<
  { tenant: ApiKeyTenant; input: EmailConfigInput },
  EmailConfigView
>() {}
