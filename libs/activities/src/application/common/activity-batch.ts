import type { BatchResult, ItemFailureCode, StreamBatch } from '@app/event-store';
import { metadataOf, type ApiKeyTenant } from '@app/workspaces';
import { Activity, ACTIVITY_STREAM_TYPE, activityStream } from '../../domain/activity.aggregate';

/**
 * Operation 19 and the delete decide each record on its own stream, in one batch (D5). Ids
 * are per organization and key (D4.2): a record of another organization or key is simply
 * not there, and fails its item as a missing one does.
 */
export function activityBatch<I>(
  tenant: ApiKeyTenant,
  organizationId: string,
  items: readonly I[],
  idOf: (item: I) => string,
  decide: (activity: Activity, item: I) => string,
): StreamBatch<I, Activity> {
  const refOf = (activityId: string) => ({ apiKey: tenant.apiKey, organizationId, activityId });
  return {
    items,
    idOf,
    streamOf: (id) => ({ streamId: activityStream(refOf(id)), streamType: ACTIVITY_STREAM_TYPE }),
    create: (id) => new Activity(refOf(id)),
    decide,
    metadata: metadataOf(tenant),
  };
}

/** An item of operation 19's answer: the spec leaves `id` out of activity updates. */
export interface ActivityItemResult {
  success: boolean;
  message: string;
  code?: ItemFailureCode;
}

export type ActivityBatchResult = Record<string, ActivityItemResult>;

/** A batch answer without each item's `id` (built as new entries: ids stay plain keys). */
export function withoutIds(result: BatchResult): ActivityBatchResult {
  return Object.fromEntries(
    Object.entries(result).map(([key, { id: _id, ...rest }]) => [key, rest]),
  );
}
