import { Injectable } from '@nestjs/common';
import { CollaborationEraser, type RecordKind } from '@app/collaboration';
import {
  AggregateRepository,
  EventStore,
  retryOnConflict,
  SubscriptionRunner,
} from '@app/event-store';
import { JobHandler, JobQueue, SecretBox, type JobRun } from '@app/platform';
import { KNOWN_AUTHORS_SUBSCRIPTION, UserRecordEraser } from '@app/users';
import type { EntityManager } from 'typeorm';
import {
  DeletionJob,
  DELETION_STREAM_TYPE,
  deletionStream,
} from '../../domain/deletion-job.aggregate';
import { DeletionRequested } from '../../domain/deletion-job.events';
import {
  DELETION_TASK_JOB,
  deletionTaskId,
  USERS_TASK,
  type DeletionTaskData,
  type ErasedPeople,
} from './deletion.jobs';

/**
 * Runs user data deletion jobs (D8.2, D8.3). Each task (one kind of data in one
 * organization) is a queue job with a deterministic id, recorded with the request; a task
 * erases, then records itself done on the job's stream. The erasers are idempotent, so a
 * task that runs again after a crash finishes what was left. When the last task is done the
 * sealed user ids are rewritten out of the request event: the job keeps only counts.
 */
@Injectable()
export class DeletionProcessManager {
  constructor(
    private readonly store: EventStore,
    private readonly repository: AggregateRepository,
    private readonly queue: JobQueue,
    private readonly box: SecretBox,
    private readonly users: UserRecordEraser,
    private readonly collaboration: CollaborationEraser,
    private readonly subscriptions: SubscriptionRunner,
  ) {}

  @JobHandler(DELETION_TASK_JOB)
  async runTask({ data: { apiKey, jobId, index } }: JobRun<DeletionTaskData>): Promise<void> {
    const job = await this.load(apiKey, jobId);
    if (job.completed || job.done.has(index) || !job.sealedPeople) return;
    const people = JSON.parse(this.box.open(job.sealedPeople)) as ErasedPeople;
    const task = job.tasks[index];
    if (
      task.kind === USERS_TASK &&
      !(await this.subscriptions.isCaughtUp(KNOWN_AUTHORS_SUBSCRIPTION))
    ) {
      throw new Error('waiting for the known-authors subscription to catch up'); // retried
    }
    const metadata = { apiKey, actor: 'process:user-data-deletion', causationId: jobId };
    const records =
      task.kind === USERS_TASK
        ? await this.users.erase(apiKey, task.organizationId, people.userIds)
        : await this.collaboration.erase(
            apiKey,
            task.organizationId,
            task.kind as RecordKind,
            people,
            metadata,
          );
    const usersTaskQueued = await retryOnConflict(() =>
      this.store.transaction(async (m) => {
        const current = await this.load(apiKey, jobId, m);
        current.completeTask(index, records, Date.now());
        await this.repository.save(
          [
            {
              streamId: deletionStream(apiKey, jobId),
              streamType: DELETION_STREAM_TYPE,
              aggregate: current,
            },
          ],
          metadata,
          m,
        );
        if (current.completed) {
          await this.forgetPeople(m, apiKey, jobId);
          return false;
        }
        return task.kind !== USERS_TASK && this.queueUsersTask(m, current, task.organizationId);
      }),
    );
    if (usersTaskQueued) {
      await this.queue.dispatch([
        deletionTaskId(jobId, this.usersTaskOf(job, task.organizationId)),
      ]);
    }
  }

  private usersTaskOf(job: DeletionJob, organizationId: string): number {
    return job.tasks.findIndex((t) => t.organizationId === organizationId && t.kind === USERS_TASK);
  }

  /** Records the organization's users task once all its data tasks are done (idempotent id). */
  private async queueUsersTask(
    m: EntityManager,
    job: DeletionJob,
    organizationId: string,
  ): Promise<boolean> {
    const dataDone = job.tasks.every(
      (t, i) => t.organizationId !== organizationId || t.kind === USERS_TASK || job.done.has(i),
    );
    if (!dataDone) return false;
    const index = this.usersTaskOf(job, organizationId);
    const data: DeletionTaskData = { apiKey: job.apiKey, jobId: job.jobId, index };
    await this.queue.enqueue(
      [{ id: deletionTaskId(job.jobId, index), name: DELETION_TASK_JOB, data }],
      { maxAttempts: 10 },
      m,
    );
    return true;
  }

  /** Rewrites the request event without its sealed user ids. */
  private async forgetPeople(m: EntityManager, apiKey: string, jobId: string): Promise<void> {
    const events = await this.store.readStream(deletionStream(apiKey, jobId), m);
    const requested = events.find(DeletionRequested.is);
    if (!requested) return;
    const { sealedPeople: _, ...data } = requested.data;
    await this.store.rewrite(m, [{ eventId: requested.eventId, data }]);
  }

  private load(apiKey: string, jobId: string, m?: EntityManager): Promise<DeletionJob> {
    return this.repository.load(
      deletionStream(apiKey, jobId),
      () => new DeletionJob(apiKey, jobId),
      m,
    );
  }
}
