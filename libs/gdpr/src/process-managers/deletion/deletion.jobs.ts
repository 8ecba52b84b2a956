import { RECORD_KINDS } from '@app/collaboration';

/**
 * What each organization's deletion consists of (D8.2): every kind of data, then the user
 * records. The user records go last, once the data no longer names the users and the
 * subscriber that makes authors known has read every event that did: else it could make an
 * erased user known again.
 */
export const USERS_TASK = 'users';
export const TASK_KINDS = [...RECORD_KINDS, USERS_TASK] as const;

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
