import { CommandOf } from '@app/platform';
import type { BatchResult } from '@app/event-store';
import type { ApiKeyTenant } from '@app/workspaces';

/**
 * What a missing document answers: a success saying "Document does not exist" (operation
 * 12, spec) or a failed item with code `not-found` (the hosted path, D6.8).
 */
export type MissingDocument = 'succeeds' | 'fails';

/** Operation 12. */
export class DeleteDocumentsCommand extends CommandOf<
  { tenant: ApiKeyTenant; organizationId: string; documentIds: string[]; missing: MissingDocument },
  BatchResult
>() {}
