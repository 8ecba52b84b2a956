import { Command } from '@nestjs/cqrs';
import type { ApiKeyTenant, DocumentAccessType } from '@app/workspaces';
import type { DocumentValueResult } from '../common/document-batch';

/** `POST /v2/organizations/documents/access/update` (D6.4). */
export class UpdateDocumentAccessCommand extends Command<DocumentValueResult> {
  constructor(
    readonly tenant: ApiKeyTenant,
    readonly organizationId: string,
    readonly documentIds: string[],
    readonly accessType: DocumentAccessType,
  ) {
    super();
  }
}
