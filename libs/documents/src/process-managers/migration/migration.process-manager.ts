import { Injectable, Logger } from '@nestjs/common';
import {
  AggregateRepository,
  EventStore,
  ItemRefused,
  retryOnConflict,
  SubscriptionRunner,
  type EventMetadata,
} from '@app/event-store';
import { JobHandler, JobQueue, type JobRun } from '@app/platform';
import type { EntityManager } from 'typeorm';
import { Document, DOCUMENT_STREAM_TYPE, documentStream } from '../../domain/document.aggregate';
import { DocumentMigrated } from '../../domain/document.events';
import {
  Migration,
  MIGRATION_STREAM_TYPE,
  migrationStream,
} from '../../domain/migration.aggregate';
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
    const started = await retryOnConflict(() =>
      this.store.transaction(async (m) => {
        const migration = await this.load(m, apiKey, migrationId);
        migration.start(Date.now());
        await this.save(m, migration, []);
        if (migration.status !== 'in_progress') return false;
        const data: MigrationJobData = { apiKey, migrationId };
        await this.queue.enqueue([{ id: moveJob, name: MIGRATION_MOVE_JOB, data }], {}, m);
        return true;
      }),
    );
    if (started) await this.queue.dispatch([moveJob]);
  }

  private async move({ apiKey, migrationId }: MigrationJobData): Promise<void> {
    const settleJob = migrationJobId(MIGRATION_SETTLE_JOB, migrationId);
    const moved = await retryOnConflict(() =>
      this.store.transaction(async (m) => {
        const migration = await this.load(m, apiKey, migrationId);
        if (migration.status !== 'in_progress' || migration.documentMoved) return false;
        const ref = { apiKey, organizationId: migration.organizationId };
        const source = new Document({ ...ref, documentId: migration.documentId });
        const target = new Document({ ...ref, documentId: migration.newDocumentId });
        const streams = [documentStream(source.ref), documentStream(target.ref)];
        const history = await this.store.readStreams(streams, m);
        source.load((history.get(streams[0]) ?? []) as never);
        target.load((history.get(streams[1]) ?? []) as never);
        const at = Date.now();
        try {
          source.migrateTo(target, migrationId, at);
          migration.markDocumentMoved(at);
        } catch (err) {
          if (!(err instanceof ItemRefused)) throw err;
          migration.fail(err.message, at);
        }
        await this.save(m, migration, [source, target]);
        if (!migration.documentMoved) return false;
        const data: MigrationJobData = { apiKey, migrationId };
        const job = { id: settleJob, name: MIGRATION_SETTLE_JOB, data };
        await this.queue.enqueue([job], { maxAttempts: SETTLE_ATTEMPTS }, m);
        return true;
      }),
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
    await retryOnConflict(() =>
      this.store.transaction(async (m) => {
        const migration = await this.load(m, apiKey, migrationId);
        if (outcome === 'parked') migration.fail(DATA_NOT_MOVED, Date.now());
        else migration.complete(Date.now());
        await this.save(m, migration, []);
      }),
    );
  }

  /** The DocumentMigrated event this migration appended on its source document. */
  private async movedEvent(apiKey: string, migrationId: string) {
    const migration = await this.load(undefined, apiKey, migrationId);
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
      await retryOnConflict(() =>
        this.store.transaction(async (m) => {
          const migration = await this.load(m, apiKey, migrationId);
          migration.fail(FAILED_INTERNALLY, Date.now());
          await this.save(m, migration, []);
        }),
      );
    }
  }

  private load(m: EntityManager | undefined, apiKey: string, migrationId: string) {
    return this.repository.load(
      migrationStream(apiKey, migrationId),
      () => new Migration(apiKey, migrationId),
      m,
    );
  }

  private async save(m: EntityManager, migration: Migration, documents: Document[]) {
    const metadata: EventMetadata = {
      apiKey: migration.apiKey,
      actor: 'process:document-migration',
      causationId: migration.migrationId,
    };
    await this.repository.save(
      [
        {
          streamId: migrationStream(migration.apiKey, migration.migrationId),
          streamType: MIGRATION_STREAM_TYPE,
          aggregate: migration,
        },
        ...documents.map((document) => ({
          streamId: documentStream(document.ref),
          streamType: DOCUMENT_STREAM_TYPE,
          aggregate: document,
        })),
      ],
      metadata,
      m,
    );
  }
}
