import { Injectable, Logger } from '@nestjs/common';
import {
  AggregateRepository,
  EventStore,
  ItemRefused,
  SubscriptionRunner,
  type EventMetadata,
} from '@app/event-store';
import { JobHandler, JobQueue, type JobRun } from '@app/platform';
import { documentStream, documentTarget } from '../../domain/document.aggregate';
import { DocumentMigrated } from '../../domain/document.events';
import { migrationTarget, type Migration } from '../../domain/migration.aggregate';
import {
  MIGRATION_MOVE_JOB,
  MIGRATION_SETTLE_JOB,
  MIGRATION_START_JOB,
  migrationJobId,
  type MigrationJobData,
} from './migration.jobs';

const FAILED_INTERNALLY = 'Migration failed: internal error';
const DATA_NOT_MOVED = 'Migration failed: the document moved, but not all of its data could';
/** How long one settle attempt waits for the data to follow before the queue retries it. */
const SETTLE_WAIT_MS = 20_000;
/** Settle retries: data of a large document can take a while to move behind other work. */
const SETTLE_ATTEMPTS = 10;

/**
 * Drives a document migration (D6.7). Its state is the migration's own stream; its steps are
 * queue jobs with deterministic ids, each recorded in the transaction of the step before:
 *   start:  pending → in_progress, and records the move job;
 *   move:   the document moves (one DocumentMigrated event on the old id, the new id made in
 *           the same append) and records the settle job, or the migration fails with the reason;
 *   settle: waits until every subscriber of DocumentMigrated (the modules that move a
 *           document's data) has handled this migration's event, then completes:
 *           `completed` means the document and all its data are under the new id.
 * A step that runs again finds its transition done and does nothing; unfinished steps are
 * dispatched again by the job ledger after a restart.
 */
@Injectable()
export class MigrationProcessManager {
  private readonly logger = new Logger('DocumentMigration');

  constructor(
    private readonly store: EventStore,
    private readonly repository: AggregateRepository,
    private readonly queue: JobQueue,
    private readonly subscriptions: SubscriptionRunner,
  ) {}

  @JobHandler(MIGRATION_START_JOB)
  runStart(job: JobRun<MigrationJobData>): Promise<void> {
    return this.failOnLastAttempt(job, () => this.start(job.data));
  }

  @JobHandler(MIGRATION_MOVE_JOB)
  runMove(job: JobRun<MigrationJobData>): Promise<void> {
    return this.failOnLastAttempt(job, () => this.move(job.data));
  }

  @JobHandler(MIGRATION_SETTLE_JOB)
  runSettle(job: JobRun<MigrationJobData>): Promise<void> {
    return this.failOnLastAttempt(job, () => this.settle(job.data));
  }

  private async start({ apiKey, migrationId }: MigrationJobData): Promise<void> {
    const moveJob = migrationJobId(MIGRATION_MOVE_JOB, migrationId);
    const data: MigrationJobData = { apiKey, migrationId };
    const started = await this.repository.update(
      migrationTarget(apiKey, migrationId),
      metadataOf(apiKey, migrationId),
      {
        decide: (migration) => {
          migration.start(Date.now());
          return migration.status === 'in_progress';
        },
        after: async (m, _recorded, started) => {
          if (started)
            await this.queue.enqueue([{ id: moveJob, name: MIGRATION_MOVE_JOB, data }], {}, m);
          return started;
        },
      },
    );
    if (started) await this.queue.dispatch([moveJob]);
  }

  private async move({ apiKey, migrationId }: MigrationJobData): Promise<void> {
    const settleJob = migrationJobId(MIGRATION_SETTLE_JOB, migrationId);
    const data: MigrationJobData = { apiKey, migrationId };
    const own = migrationTarget(apiKey, migrationId);
    const moved = await this.repository.updateMany(
      // The document's two streams, while it is still to move.
      ({ migration }: { migration: Migration }) => {
        if (migration.status !== 'in_progress' || migration.documentMoved) return [];
        const ref = { apiKey, organizationId: migration.organizationId };
        return [
          documentTarget({ ...ref, documentId: migration.documentId }),
          documentTarget({ ...ref, documentId: migration.newDocumentId }),
        ];
      },
      metadataOf(apiKey, migrationId),
      {
        before: async (m) => {
          const migration = await this.repository.load(own.streamId, own.create, m);
          return { migration, toSave: [{ ...own, aggregate: migration }] };
        },
        decide: ([source, target], { prepared: { migration } }) => {
          if (!source) return false;
          const at = Date.now();
          try {
            source.migrateTo(target, migrationId, at);
            migration.markDocumentMoved(at);
          } catch (err) {
            if (!(err instanceof ItemRefused)) throw err;
            migration.fail(err.message, at);
          }
          return migration.documentMoved;
        },
        after: async (m, _recorded, moved) => {
          const job = { id: settleJob, name: MIGRATION_SETTLE_JOB, data };
          if (moved) await this.queue.enqueue([job], { maxAttempts: SETTLE_ATTEMPTS }, m);
          return moved;
        },
      },
    );
    if (moved) await this.queue.dispatch([settleJob]);
  }

  /**
   * Completes once every module that moves a document's data has handled this migration's
   * DocumentMigrated event. One that gave up on it (parked) fails the migration: the document
   * is under its new id, but not all of its data.
   */
  private async settle({ apiKey, migrationId }: MigrationJobData): Promise<void> {
    const moved = await this.movedEvent(apiKey, migrationId);
    const outcome = moved
      ? await this.subscriptions.waitForEvent(moved, SETTLE_WAIT_MS)
      : 'handled';
    if (outcome === 'pending') throw new Error('waiting for the document data to follow it');
    await this.repository.update(
      migrationTarget(apiKey, migrationId),
      metadataOf(apiKey, migrationId),
      (migration) => {
        if (outcome === 'parked') migration.fail(DATA_NOT_MOVED, Date.now());
        else migration.complete(Date.now());
      },
    );
  }

  /** The DocumentMigrated event this migration appended on its source document. */
  private async movedEvent(apiKey: string, migrationId: string) {
    const { streamId, create } = migrationTarget(apiKey, migrationId);
    const migration = await this.repository.load(streamId, create);
    const source = documentStream({
      apiKey,
      organizationId: migration.organizationId,
      documentId: migration.documentId,
    });
    const events = await this.store.readStream(source);
    return events.find((e) => DocumentMigrated.is(e) && e.data.migrationId === migrationId);
  }

  /**
   * Either step: transient trouble is retried by the queue; on the last attempt the
   * migration fails rather than staying pending or in_progress for ever.
   */
  private async failOnLastAttempt(job: JobRun<MigrationJobData>, step: () => Promise<void>) {
    try {
      await step();
    } catch (err) {
      if (job.attempt < job.maxAttempts) throw err;
      const { apiKey, migrationId } = job.data;
      this.logger.error({ msg: 'migration failed', migrationId, err: String(err) });
      await this.repository.update(
        migrationTarget(apiKey, migrationId),
        metadataOf(apiKey, migrationId),
        (migration) => migration.fail(FAILED_INTERNALLY, Date.now()),
      );
    }
  }
}

/** Who writes a migration's events, and why. */
function metadataOf(apiKey: string, migrationId: string): EventMetadata {
  return { apiKey, actor: 'process:document-migration', causationId: migrationId };
}
