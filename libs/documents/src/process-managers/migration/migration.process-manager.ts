import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import {
  AggregateRepository,
  EventStore,
  ItemRefused,
  retryOnConflict,
  type EventMetadata,
} from '@app/event-store';
import { JobQueue, type JobRun } from '@app/platform';
import type { EntityManager } from 'typeorm';
import { Document, DOCUMENT_STREAM_TYPE, documentStream } from '../../domain/document.aggregate';
import {
  Migration,
  MIGRATION_STREAM_TYPE,
  migrationStream,
} from '../../domain/migration.aggregate';
import {
  MIGRATION_MOVE_JOB,
  MIGRATION_START_JOB,
  migrationJobId,
  type MigrationJobData,
} from './migration.jobs';

const FAILED_INTERNALLY = 'Migration failed: internal error';

/**
 * Drives a document migration (D6.7). Its state is the migration's own stream; its steps are
 * queue jobs with deterministic ids, each recorded in the transaction of the step before:
 *   start: pending → in_progress, and records the move job;
 *   move:  the document moves (one DocumentMigrated event on the old id, the new id made in
 *          the same append) and the migration completes, or it fails with the reason.
 * A step that runs again finds its transition done and does nothing; unfinished steps are
 * dispatched again by the job ledger after a restart.
 */
@Injectable()
export class MigrationProcessManager implements OnModuleInit {
  private readonly logger = new Logger('DocumentMigration');

  constructor(
    private readonly store: EventStore,
    private readonly repository: AggregateRepository,
    private readonly queue: JobQueue,
  ) {}

  onModuleInit(): void {
    this.queue.handle<MigrationJobData>(MIGRATION_START_JOB, (job) =>
      this.failOnLastAttempt(job, () => this.start(job.data)),
    );
    this.queue.handle<MigrationJobData>(MIGRATION_MOVE_JOB, (job) =>
      this.failOnLastAttempt(job, () => this.move(job.data)),
    );
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
    await retryOnConflict(() =>
      this.store.transaction(async (m) => {
        const migration = await this.load(m, apiKey, migrationId);
        if (migration.status !== 'in_progress') return;
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
          migration.complete(at);
        } catch (err) {
          if (!(err instanceof ItemRefused)) throw err;
          migration.fail(err.message, at);
        }
        await this.save(m, migration, [source, target]);
      }),
    );
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

  private load(m: EntityManager, apiKey: string, migrationId: string): Promise<Migration> {
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
