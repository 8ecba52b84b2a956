import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '@app/event-store';
import { JobQueue, randomId, SecretBox } from '@app/platform';
import { metadataOf } from '@app/workspaces';
import { deletionTarget } from '../../domain/deletion-job.aggregate';
import { RegisteredErasers } from '../../erasure/registered-erasers';
import { deletionTaskJob, type ErasedPeople } from '../../process-managers/deletion/deletion.jobs';
import { StartDeletionCommand, type DeletionStarted } from './start-deletion.command';

@CommandHandler(StartDeletionCommand)
export class StartDeletionHandler implements ICommandHandler<StartDeletionCommand> {
  constructor(
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
    const isIdentity = (kind: string) => this.erasers.isIdentity(kind);
    // The request and the tasks it starts with commit together: no job without its work.
    const jobs = await this.repository.update(deletionTarget(apiKey, jobId), metadataOf(tenant), {
      decide: (job) => {
        job.request(this.box.seal(JSON.stringify(people)), tasks, Date.now());
        return job.firstTasks(isIdentity).map((index) => deletionTaskJob(apiKey, jobId, index));
      },
      after: async (m, _recorded, first) => {
        await this.queue.enqueue(first, {}, m);
        return first;
      },
    });
    await this.queue.dispatch(jobs.map((j) => j.id));
    return { jobId, tasksCount: tasks.length };
  }
}
