import { Injectable } from '@nestjs/common';
import { AggregateRepository, EventStore } from '@app/event-store';
import { JobHandler, JobQueue, SecretBox, type JobRun } from '@app/platform';
import type { EntityManager } from 'typeorm';
import { DeletionJob, deletionStream, deletionTarget } from '../../domain/deletion-job.aggregate';
import { DeletionCompleted, DeletionRequested } from '../../domain/deletion-job.events';
import { RegisteredErasers } from '../../erasure/registered-erasers';
import {
  DELETION_TASK_JOB,
  deletionTaskJob,
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
    const isIdentity = (kind: string) => this.erasers.isIdentity(kind);
    const identityTasks = await this.repository.update(deletionTarget(apiKey, jobId), metadata, {
      decide: (current) => {
        current.completeTask(index, records, Date.now());
        return current.tasksReadyAfter(index, isIdentity);
      },
      after: async (m, recorded, ready) => {
        if (recorded.some(DeletionCompleted.is)) await this.forgetPeople(m, apiKey, jobId);
        const jobs = ready.map((i) => deletionTaskJob(apiKey, jobId, i));
        await this.queue.enqueue(jobs, { maxAttempts: 10 }, m);
        return jobs.map((j) => j.id);
      },
    });
    await this.queue.dispatch(identityTasks);
  }

  /** Rewrites the request event without its sealed user ids. */
  private async forgetPeople(m: EntityManager, apiKey: string, jobId: string): Promise<void> {
    const events = await this.store.readStream(deletionStream(apiKey, jobId), m);
    const requested = events.find(DeletionRequested.is);
    if (!requested) return;
    const { sealedPeople: _, ...data } = requested.data;
    await this.store.rewrite(m, [{ eventId: requested.eventId, data }]);
  }

  private load(apiKey: string, jobId: string): Promise<DeletionJob> {
    const { streamId, create } = deletionTarget(apiKey, jobId);
    return this.repository.load(streamId, create);
  }
}
