import { Command } from '@nestjs/cqrs';
import type { ApiKeyTenant } from '@app/workspaces';
import type { DocumentValueResult } from '../common/document-batch';

/** `POST /v2/organizations/documents/access/disablestate/update` (D6.6). */
export class UpdateDocumentDisableStateCommand extends Command<DocumentValueResult> {
  constructor(
    readonly tenant: ApiKeyTenant,
    readonly organizationId: string,
    readonly documentIds: string[],
    readonly disabled: boolean,
  ) {
    super();
  }
}
