import { Command } from '@nestjs/cqrs';
import type { BatchResult } from '@app/event-store';
import type { ApiKeyTenant } from '@app/workspaces';

/** `POST /v2/organizations/documents/move`: into one folder (null: the top level). */
export class MoveDocumentsCommand extends Command<BatchResult> {
  constructor(
    readonly tenant: ApiKeyTenant,
    readonly organizationId: string,
    readonly documentIds: string[],
    readonly folderId: string | null,
  ) {
    super();
  }
}
