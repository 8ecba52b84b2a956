import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository, EventStore } from '@app/event-store';
import { JobQueue, randomId } from '@app/platform';
import { metadataOf } from '@app/workspaces';
import {
  Migration,
  MIGRATION_STREAM_TYPE,
  migrationStream,
} from '../../domain/migration.aggregate';
import {
  MIGRATION_START_JOB,
  migrationJobId,
  type MigrationJobData,
} from '../../process-managers/migration/migration.jobs';
import { StartMigrationCommand } from './start-migration.command';

@CommandHandler(StartMigrationCommand)
export class StartMigrationHandler implements ICommandHandler<StartMigrationCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly repository: AggregateRepository,
    private readonly queue: JobQueue,
  ) {}

  async execute(command: StartMigrationCommand): Promise<{ migrationId: string }> {
    const { tenant, organizationId, documentId, newDocumentId } = command;
    const migrationId = randomId();
    const migration = new Migration(tenant.apiKey, migrationId);
    migration.request(organizationId, documentId, newDocumentId, Date.now());
    const jobId = migrationJobId(MIGRATION_START_JOB, migrationId);
    // The request and its first step commit together: no migration without its job.
    await this.store.transaction(async (manager) => {
      await this.repository.save(
        [
          {
            streamId: migrationStream(tenant.apiKey, migrationId),
            streamType: MIGRATION_STREAM_TYPE,
            aggregate: migration,
          },
        ],
        metadataOf(tenant),
        manager,
      );
      const data: MigrationJobData = { apiKey: tenant.apiKey, migrationId };
      await this.queue.enqueue([{ id: jobId, name: MIGRATION_START_JOB, data }], {}, manager);
    });
    await this.queue.dispatch([jobId]);
    return { migrationId };
  }
}
