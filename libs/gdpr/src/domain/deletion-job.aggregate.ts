import { Aggregate, streamId, streamTarget } from '@app/event-store';
import {
  DeletionCompleted,
  DeletionRequested,
  DeletionTaskCompleted,
  type DeletionEvent,
  type DeletionTask,
} from './deletion-job.events';

export const DELETION_STREAM_TYPE = 'user-data-deletion';
export const deletionStream = (apiKey: string, jobId: string) =>
  streamId(DELETION_STREAM_TYPE, apiKey, jobId);
export const deletionTarget = (apiKey: string, jobId: string) =>
  streamTarget(
    DELETION_STREAM_TYPE,
    deletionStream(apiKey, jobId),
    () => new DeletionJob(apiKey, jobId),
  );

/**
 * A user data deletion job (operations 16 and 17): its tasks, which of them are done, and
 * whether the whole is. Each task completes once, however often its queue job runs.
 */
export class DeletionJob extends Aggregate<DeletionEvent> {
  tasks: DeletionTask[] = [];
  sealedPeople?: string;
  readonly done = new Set<number>();
  completed = false;

  constructor(
    readonly apiKey: string,
    readonly jobId: string,
  ) {
    super();
  }

  /** A job with nothing to do is complete at once, and keeps no one's ids even sealed. */
  request(sealedPeople: string, tasks: DeletionTask[], at: number): void {
    if (tasks.length === 0) {
      this.raise(DeletionRequested({ ...this.ref(), tasks, at }));
      this.raise(DeletionCompleted({ ...this.ref(), at }));
      return;
    }
    this.raise(DeletionRequested({ ...this.ref(), sealedPeople, tasks, at }));
  }

  /** Records a finished task; the last one completes the job. */
  completeTask(index: number, records: number, at: number): void {
    if (this.done.has(index) || this.completed) return;
    this.raise(DeletionTaskCompleted({ ...this.ref(), index, records, at }));
    if (this.done.size === this.tasks.length) this.raise(DeletionCompleted({ ...this.ref(), at }));
  }

  /**
   * The tasks to queue when the job starts: every data task, and the identity tasks
   * (`isIdentity` kinds: the user records) of organizations with no data tasks. An
   * organization's identity tasks wait for its data tasks, which still find the users by
   * the records the identity tasks delete.
   */
  firstTasks(isIdentity: (kind: string) => boolean): number[] {
    return this.indexesWhere(
      (task) => !isIdentity(task.kind) || this.dataDone(task.organizationId, isIdentity),
    );
  }

  /** The tasks that finishing task `index` lets run: its organization's identity tasks, after its last data task. */
  tasksReadyAfter(index: number, isIdentity: (kind: string) => boolean): number[] {
    const { kind, organizationId } = this.tasks[index];
    if (this.completed || isIdentity(kind) || !this.dataDone(organizationId, isIdentity)) return [];
    return this.indexesWhere(
      (task, i) =>
        task.organizationId === organizationId && isIdentity(task.kind) && !this.done.has(i),
    );
  }

  private dataDone(organizationId: string, isIdentity: (kind: string) => boolean): boolean {
    return this.tasks.every(
      (task, i) =>
        task.organizationId !== organizationId || isIdentity(task.kind) || this.done.has(i),
    );
  }

  private indexesWhere(test: (task: DeletionTask, index: number) => boolean): number[] {
    return this.tasks.flatMap((task, i) => (test(task, i) ? [i] : []));
  }

  private ref() {
    return { apiKey: this.apiKey, jobId: this.jobId };
  }

  protected when(event: DeletionEvent): void {
    if (DeletionRequested.is(event)) {
      this.tasks = event.data.tasks;
      this.sealedPeople = event.data.sealedPeople;
    } else if (DeletionTaskCompleted.is(event)) this.done.add(event.data.index);
    else if (DeletionCompleted.is(event)) this.completed = true;
  }
}
