import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CollaborationModule } from '@app/collaboration';
import { UsersModule } from '@app/users';
import { UserDataController } from './api/user-data.controller';
import { GetDeletionStatusHandler } from './application/get-deletion-status/get-deletion-status.handler';
import { StartDeletionHandler } from './application/start-deletion/start-deletion.handler';
import { DeletionProcessManager } from './process-managers/deletion/deletion.process-manager';
import { DeletionJobProjection } from './read-models/deletion-job.projection';
import { Migrations } from '@app/platform';
import { Gdpr1763856000007 } from './migrations/1763856000007-gdpr';

/** User data deletion (operations 16 and 17): orchestrates the erasers of other features. */
@Migrations(Gdpr1763856000007)
@Module({
  imports: [CqrsModule, UsersModule, CollaborationModule],
  controllers: [UserDataController],
  providers: [
    DeletionJobProjection,
    StartDeletionHandler,
    GetDeletionStatusHandler,
    DeletionProcessManager,
  ],
})
export class GdprModule {}
