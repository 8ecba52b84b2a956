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
