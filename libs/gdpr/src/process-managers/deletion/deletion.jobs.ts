export const DELETION_TASK_JOB = 'gdpr.deletion-task';

/** No user id in here: the ledger is a table like any other (D8.3). */
export interface DeletionTaskData {
  apiKey: string;
  jobId: string;
  index: number;
}

export const deletionTaskId = (jobId: string, index: number) =>
  `${DELETION_TASK_JOB}:${jobId}:${index}`;

/** The people a job erases, as sealed in its request. */
export interface ErasedPeople {
  userIds: string[];
  words: string[];
}

/** The queue job of one task: its id is fixed, so queuing it twice queues it once. */
export const deletionTaskJob = (apiKey: string, jobId: string, index: number) => ({
  id: deletionTaskId(jobId, index),
  name: DELETION_TASK_JOB,
  data: { apiKey, jobId, index } satisfies DeletionTaskData,
});
