import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository, EventStore } from '@app/event-store';
import { JobQueue, randomId, SecretBox } from '@app/platform';
import { metadataOf } from '@app/workspaces';
import {
  DeletionJob,
  DELETION_STREAM_TYPE,
  deletionStream,
} from '../../domain/deletion-job.aggregate';
import { RegisteredErasers } from '../../erasure/registered-erasers';
import {
  DELETION_TASK_JOB,
  deletionTaskId,
  type DeletionTaskData,
  type ErasedPeople,
} from '../../process-managers/deletion/deletion.jobs';
import { StartDeletionCommand, type DeletionStarted } from './start-deletion.command';

@CommandHandler(StartDeletionCommand)
export class StartDeletionHandler implements ICommandHandler<StartDeletionCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly repository: AggregateRepository,
    private readonly queue: JobQueue,
    private readonly box: SecretBox,
    private readonly erasers: RegisteredErasers,
  ) {}

  async execute({
    tenant,
    userIds,
    organizationIds,
  }: StartDeletionCommand): Promise<DeletionStarted> {
    const { apiKey } = tenant;
    const ids = [...new Set(userIds)];
    // Without a list: every organization where any eraser finds the users (an index read each).
    const found = await this.erasers.locate(apiKey, ids);
    const organizations = organizationIds ? [...new Set(organizationIds)] : found.organizations;
    organizations.sort();
    const tasks = this.erasers.plan(organizations);
    const people: ErasedPeople = { userIds: ids, words: found.words };
    const jobId = randomId();
    const job = new DeletionJob(apiKey, jobId);
    job.request(this.box.seal(JSON.stringify(people)), tasks, Date.now());
    // Data tasks start now; an organization's identity tasks when its data tasks are done.
    const hasData = new Set(
      tasks.filter((t) => !this.erasers.isIdentity(t.kind)).map((t) => t.organizationId),
    );
    const jobs = tasks.flatMap(({ kind, organizationId }, index) =>
      this.erasers.isIdentity(kind) && hasData.has(organizationId)
        ? []
        : [
            {
              id: deletionTaskId(jobId, index),
              name: DELETION_TASK_JOB,
              data: { apiKey, jobId, index } satisfies DeletionTaskData,
            },
          ],
    );
    // The request and all its tasks commit together: no job without its work.
    await this.store.transaction(async (m) => {
      await this.repository.save(
        [
          {
            streamId: deletionStream(apiKey, jobId),
            streamType: DELETION_STREAM_TYPE,
            aggregate: job,
          },
        ],
        metadataOf(tenant),
        m,
      );
      await this.queue.enqueue(jobs, {}, m);
    });
    await this.queue.dispatch(jobs.map((j) => j.id));
    return { jobId, tasksCount: tasks.length };
  }
}
