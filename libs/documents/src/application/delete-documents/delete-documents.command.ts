import { Command } from '@nestjs/cqrs';
import type { BatchResult } from '@app/event-store';
import type { ApiKeyTenant } from '@app/workspaces';

/**
 * What a missing document answers: a success saying "Document does not exist" (operation
 * 12, spec) or a failed item with code `not-found` (the hosted path, D6.8).
 */
export type MissingDocument = 'succeeds' | 'fails';

/** Operation 12. */
export class DeleteDocumentsCommand extends Command<BatchResult> {
  constructor(
    readonly tenant: ApiKeyTenant,
    readonly organizationId: string,
    readonly documentIds: string[],
    readonly missing: MissingDocument,
  ) {
    super();
  }
}
