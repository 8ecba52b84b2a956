import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { DiscoveryModule } from '@nestjs/core';
import { UserDataController } from './api/user-data.controller';
import { GetUserDataHandler } from './application/get-user-data/get-user-data.handler';
import { GetUserDeletionStatusHandler } from './application/get-deletion-status/get-deletion-status.handler';
import { StartDeletionHandler } from './application/start-deletion/start-deletion.handler';
import { DeletionProcessManager } from './process-managers/deletion/deletion.process-manager';
import { RegisteredErasers } from './erasure/registered-erasers';
import { RegisteredExporters } from './export/registered-exporters';
import { DeletionJobProjection } from './read-models/deletion-job.projection';
import { Migrations } from '@app/platform';
import { Gdpr1763856000007 } from './migrations/1763856000007-gdpr';

/**
 * User data deletion (operations 16 and 17), which runs every module's registered
 * `@Eraser()`, and export (hosted `users/data/get`), which reads every `@Exporter()`.
 */
@Migrations(Gdpr1763856000007)
@Module({
  imports: [CqrsModule, DiscoveryModule],
  controllers: [UserDataController],
  providers: [
    DeletionJobProjection,
    StartDeletionHandler,
    GetUserDeletionStatusHandler,
    DeletionProcessManager,
    RegisteredErasers,
    GetUserDataHandler,
    RegisteredExporters,
  ],
})
export class GdprModule {}
