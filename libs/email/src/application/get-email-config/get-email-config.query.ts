import { QueryOf } from '@app/platform';
import type { ApiKeyTenant } from '@app/workspaces';
import type { EmailConfigView } from '../common/email-config-view';

/** D14.1: `POST /v2/workspace/emailconfig/get`; the configuration, the SendGrid key masked. */
export class GetEmailConfigQuery extends QueryOf<{ tenant: ApiKeyTenant }, EmailConfigView>() {}
