import type { ActivityContent, ActivityRef } from './activity.events';

/** A record as `/v2/activities/get` answers it (hosted `ActivityRecord`). */
export type ActivityView = Omit<ActivityContent, 'documentId' | 'location'> & {
  id: string;
  metadata: { apiKey: string; organizationId: string; documentId: string; locationId?: string };
};

/** The hosted shape: ids in `metadata`, the record's fields beside them. */
export function activityView(ref: ActivityRef, content: ActivityContent): ActivityView {
  const { documentId, location, ...fields } = content;
  return {
    id: ref.activityId,
    ...fields,
    metadata: {
      apiKey: ref.apiKey,
      organizationId: ref.organizationId,
      documentId,
      ...(location && { locationId: location.id }),
    },
  };
}
