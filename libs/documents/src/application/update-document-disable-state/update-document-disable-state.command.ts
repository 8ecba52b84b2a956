import { CommandOf } from '@app/platform';
import type { ApiKeyTenant } from '@app/workspaces';
import type { DocumentValueResult } from '../common/document-batch';

/** `POST /v2/organizations/documents/access/disablestate/update` (D6.6). */
export class UpdateDocumentDisableStateCommand extends CommandOf<
  { tenant: ApiKeyTenant; organizationId: string; documentIds: string[]; disabled: boolean },
  DocumentValueResult
>() {}
