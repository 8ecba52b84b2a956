import { CommandOf } from '@app/platform';
import type { BatchResult } from '@app/event-store';
import type { ApiKeyTenant } from '@app/workspaces';

/** What a delete may touch: records of one organization, of a document and/or target. */
export interface ActivitySelection {
  organizationId: string;
  documentId?: string;
  targetEntityId?: string;
}

/**
 * `/v2/activities/delete` (D7.3): the given ids, each an item; without ids, every record of
 * the document and/or target entity, answered per id deleted or kept as immutable.
 */
export class DeleteActivitiesCommand extends CommandOf<
  { tenant: ApiKeyTenant; selection: ActivitySelection; activityIds: string[] | undefined },
  BatchResult
>() {}
