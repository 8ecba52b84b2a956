import { CommandOf } from '@app/platform';
import type { ApiKeyTenant, DocumentAccessType } from '@app/workspaces';
import type { DocumentValueResult } from '../common/document-batch';

/** `POST /v2/organizations/documents/access/update` (D6.4). */
export class UpdateDocumentAccessCommand extends CommandOf<
  {
    tenant: ApiKeyTenant;
    organizationId: string;
    documentIds: string[];
    accessType: DocumentAccessType;
  },
  DocumentValueResult
>() {}
