import { Inject, Injectable } from '@nestjs/common';
import {
  AfterCommit,
  APP_CONFIG,
  JobHandler,
  JobQueue,
  RetryJobLater,
  type AppConfig,
  type JobRun,
} from '@app/platform';
import { DataSource, type EntityManager } from 'typeorm';
import type { RecordedEvent } from './events';
import { deleteOrganizationChunk, type OrganizationData } from './organization-rows';

export const ORGANIZATION_DATA_JOB = 'event-store.organization-data-deletion';
/** As user data deletion's tasks: a database that fails for a while does not end a deletion. */
const MAX_ATTEMPTS = 10;

/** One job per deletion (the OrganizationDeleted event) and library: recorded once. */
export const organizationDataJobId = (deletionId: string, library: string) =>
  `org-delete:${deletionId}:${library}`;

interface OrganizationDataJob extends OrganizationData {
  apiKey: string;
  organizationId: string;
}

/** Where the jobs of one deletion are, together. */
export type OrganizationDataStatus = 'completed' | 'pending' | 'failed';

/**
 * Removes a deleted organization's data of a library in the background (D6.9), like user
 * data deletion (operation 16): the library's subscriber of OrganizationDeleted records a
 * queue job in its checkpoint's transaction (`record`), and the job deletes the rows and
 * streams in short transactions of at most `organizationDeletionChunk` rows each, until none
 * is left. No transaction ever spans the whole organization (an open transaction holds back
 * every subscription of every tenant), and a kill -9 loses at most one step: the ledger keeps
 * the job pending and it runs again from what is left.
 */
@Injectable()
export class OrganizationDataDeletion {
  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: JobQueue,
    private readonly afterCommit: AfterCommit,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Records the job removing `data` of the deleted organization, in the subscriber's transaction. */
  async record(
    m: EntityManager,
    deleted: Pick<RecordedEvent, 'eventId'> & { data: { apiKey: string; organizationId: string } },
    library: string,
    data: OrganizationData,
  ): Promise<void> {
    const { apiKey, organizationId } = deleted.data;
    const id = organizationDataJobId(deleted.eventId, library);
    const job: OrganizationDataJob = { apiKey, organizationId, ...data };
    await this.queue.enqueue(
      [{ id, name: ORGANIZATION_DATA_JOB, data: job }],
      { maxAttempts: MAX_ATTEMPTS },
      m,
    );
    this.afterCommit.run(m, () => this.queue.dispatch([id]));
  }

  @JobHandler(ORGANIZATION_DATA_JOB)
  async run({ data, signal }: JobRun<OrganizationDataJob>): Promise<void> {
    const limit = this.config.organizationDeletionChunk;
    for (;;) {
      // Stopping: the rest waits in the ledger for the next start, no attempt used up.
      if (signal.aborted) throw new RetryJobLater(0, false, 'stopped; resumes where it was');
      const deleted = await this.dataSource.transaction((m) =>
        deleteOrganizationChunk(m, data, data, limit),
      );
      if (deleted === 0) return;
    }
  }

  /** Where the jobs of a deletion are: failed if one failed for good, pending while one is. */
  async statusOf(deletionId: string): Promise<OrganizationDataStatus> {
    const rows: { status: string }[] = await this.dataSource.query(
      // The name and LIKE match the partial pattern index (migration 1764400000150).
      `SELECT DISTINCT status FROM jobs WHERE name = $1 AND job_id LIKE $2`,
      [
        ORGANIZATION_DATA_JOB,
        `${organizationDataJobId(deletionId, '').replace(/[\\%_]/g, '\\$&')}%`,
      ],
    );
    const statuses = new Set(rows.map((r) => r.status));
    if (statuses.has('failed')) return 'failed';
    return statuses.has('pending') ? 'pending' : 'completed';
  }
}
