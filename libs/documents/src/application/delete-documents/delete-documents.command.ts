import { Command } from '@nestjs/cqrs';
import type { BatchResult } from '@app/event-store';
import type { ApiKeyTenant } from '@app/workspaces';

/** Operation 12: a missing document answers success with "Document does not exist" (spec). */
export class DeleteDocumentsCommand extends Command<BatchResult> {
  constructor(
    readonly tenant: ApiKeyTenant,
    readonly organizationId: string,
    readonly documentIds: string[],
  ) {
    super();
  }
}
