import type { Job } from '@app/platform';

/** Shows a held-back derived notification once it is due (D9.8), after its seen check. */
export const DELIVER_JOB = 'notifications.deliver';

export interface DeliverJobData {
  apiKey: string;
  organizationId: string;
  notificationId: string;
  /**
   * What the notification tells of, checked before it is shown: a single change's annotation
   * (and comment). Absent for a digest, and for a deletion (its source is gone by design).
   */
  source?: { annotationId: string; commentId?: number };
}

/** A delivery job and when it is due (epoch ms). */
export interface PlannedDelivery {
  job: Job<DeliverJobData>;
  dueAt: number;
}

/**
 * The job that delivers a notification when due; `early` when a batch window filled up
 * before its time (the window's own job, still planned, then finds it delivered). Ids are
 * deterministic (notification ids are unique across keys), so planning one twice runs it once.
 */
export function deliveryOf(data: DeliverJobData, dueAt: number, early = false): PlannedDelivery {
  const id = `${DELIVER_JOB}:${data.notificationId}${early ? ':full' : ''}`;
  return { job: { id, name: DELIVER_JOB, data }, dueAt };
}
