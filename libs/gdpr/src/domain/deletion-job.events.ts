import { defineEvent, type EventOf } from '@app/event-store';

/** One task of a deletion job (D8.2): one kind of data in one organization. */
export interface DeletionTask {
  organizationId: string;
  kind: string;
}

interface JobRef {
  apiKey: string;
  jobId: string;
}

/**
 * `sealedPeople` holds the user ids (and the names and emails found for them) encrypted;
 * once the job completes it is rewritten away, so the job keeps only counts (D8.3).
 */
export const DeletionRequested = defineEvent<
  JobRef & { sealedPeople?: string; tasks: DeletionTask[]; at: number }
>()('gdpr.deletion-requested');

export const DeletionTaskCompleted = defineEvent<
  JobRef & { index: number; records: number; at: number }
>()('gdpr.deletion-task-completed');

export const DeletionCompleted = defineEvent<JobRef & { at: number }>()('gdpr.deletion-completed');

export const DELETION_EVENTS = { DeletionRequested, DeletionTaskCompleted, DeletionCompleted };
export type DeletionEvent = EventOf<typeof DELETION_EVENTS>;
