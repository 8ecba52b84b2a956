import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CollaborationEraser } from '@app/collaboration';
import { AggregateRepository, EventStore } from '@app/event-store';
import { JobQueue, randomId, SecretBox } from '@app/platform';
import { UserRecordEraser } from '@app/users';
import { metadataOf } from '@app/workspaces';
import {
  DeletionJob,
  DELETION_STREAM_TYPE,
  deletionStream,
} from '../../domain/deletion-job.aggregate';
import {
  DELETION_TASK_JOB,
  deletionTaskId,
  TASK_KINDS,
  USERS_TASK,
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
    private readonly users: UserRecordEraser,
    private readonly collaboration: CollaborationEraser,
  ) {}

  async execute({
    tenant,
    userIds,
    organizationIds,
  }: StartDeletionCommand): Promise<DeletionStarted> {
    const { apiKey } = tenant;
    const ids = [...new Set(userIds)];
    const records = await this.users.recordsOf(apiKey, ids);
    // Without a list: every organization where the users have records or data (two index reads).
    const organizations = organizationIds
      ? [...new Set(organizationIds)]
      : [
          ...new Set([
            ...records.organizations,
            ...(await this.collaboration.organizationsOf(apiKey, ids)),
          ]),
        ];
    organizations.sort();
    const tasks = organizations.flatMap((organizationId) =>
      TASK_KINDS.map((kind) => ({ organizationId, kind })),
    );
    const people: ErasedPeople = { userIds: ids, words: records.words };
    const jobId = randomId();
    const job = new DeletionJob(apiKey, jobId);
    job.request(this.box.seal(JSON.stringify(people)), tasks, Date.now());
    // Data tasks start now; each organization's users task when its data tasks are done.
    const jobs = tasks.flatMap(({ kind }, index) =>
      kind === USERS_TASK
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
