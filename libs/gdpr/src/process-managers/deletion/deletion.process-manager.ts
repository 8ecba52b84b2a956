import { Injectable } from '@nestjs/common';
import { AggregateRepository, EventStore, retryOnConflict } from '@app/event-store';
import { JobHandler, JobQueue, SecretBox, type JobRun } from '@app/platform';
import type { EntityManager } from 'typeorm';
import {
  DeletionJob,
  DELETION_STREAM_TYPE,
  deletionStream,
} from '../../domain/deletion-job.aggregate';
import { DeletionRequested } from '../../domain/deletion-job.events';
import { RegisteredErasers } from '../../erasure/registered-erasers';
import {
  DELETION_TASK_JOB,
  deletionTaskId,
  type DeletionTaskData,
  type ErasedPeople,
} from './deletion.jobs';

/**
 * Runs user data deletion jobs (D8.2, D8.3). Each task (one kind of data in one
 * organization, erased by the module's registered eraser) is a queue job with a
 * deterministic id, recorded with the request; a task erases, then records itself done on
 * the job's stream. An organization's identity tasks (user records) are queued when its data
 * tasks are done. The erasers are idempotent, so a task that runs again after a crash
 * finishes what was left. When the last task is done the sealed user ids are rewritten out
 * of the request event: the job keeps only counts.
 */
@Injectable()
export class DeletionProcessManager {
  constructor(
    private readonly store: EventStore,
    private readonly repository: AggregateRepository,
    private readonly queue: JobQueue,
    private readonly box: SecretBox,
    private readonly erasers: RegisteredErasers,
  ) {}

  @JobHandler(DELETION_TASK_JOB)
  async runTask({ data: { apiKey, jobId, index } }: JobRun<DeletionTaskData>): Promise<void> {
    const job = await this.load(apiKey, jobId);
    if (job.completed || job.done.has(index) || !job.sealedPeople) return;
    const people = JSON.parse(this.box.open(job.sealedPeople)) as ErasedPeople;
    const task = job.tasks[index];
    const metadata = { apiKey, actor: 'process:user-data-deletion', causationId: jobId };
    const records = await this.erasers.eraserOf(task.kind).erase(task.kind, {
      apiKey,
      organizationId: task.organizationId,
      userIds: people.userIds,
      words: people.words,
      metadata,
    });
    const identityTasks = await retryOnConflict(() =>
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
          return [];
        }
        return this.erasers.isIdentity(task.kind)
          ? []
          : this.queueIdentityTasks(m, current, task.organizationId);
      }),
    );
    await this.queue.dispatch(identityTasks);
  }

  /**
   * Records the organization's identity tasks once all its data tasks are done (idempotent
   * ids); answers their ids.
   */
  private async queueIdentityTasks(
    m: EntityManager,
    job: DeletionJob,
    organizationId: string,
  ): Promise<string[]> {
    const inOrganization = job.tasks
      .map((task, index) => ({ task, index }))
      .filter(({ task }) => task.organizationId === organizationId);
    const identity = inOrganization.filter(({ task }) => this.erasers.isIdentity(task.kind));
    const dataDone = inOrganization.every(
      ({ task, index }) => this.erasers.isIdentity(task.kind) || job.done.has(index),
    );
    if (!dataDone || identity.length === 0) return [];
    const jobs = identity.map(({ index }) => ({
      id: deletionTaskId(job.jobId, index),
      name: DELETION_TASK_JOB,
      data: { apiKey: job.apiKey, jobId: job.jobId, index } satisfies DeletionTaskData,
    }));
    await this.queue.enqueue(jobs, { maxAttempts: 10 }, m);
    return jobs.map((j) => j.id);
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
