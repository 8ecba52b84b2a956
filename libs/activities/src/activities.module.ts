import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { DocumentsModule } from '@app/documents';
import { OrganizationsModule } from '@app/organizations';
import { Migrations } from '@app/platform';
import { ActivitiesController } from './api/activities.controller';
import { AddActivitiesHandler } from './application/add-activities/add-activities.handler';
import { DeleteActivitiesHandler } from './application/delete-activities/delete-activities.handler';
import { DerivedActivitiesSubscriber } from './application/derived-activities/derived-activities.subscriber';
import { OrganizationActivitiesSubscriber } from './application/organization-deleted/organization-activities.subscriber';
import { SwitchesInLog } from './application/derived-activities/switches-in-log';
import { ActivitiesMover } from './application/document-moves/activities-mover';
import { GetActivitiesHandler } from './application/get-activities/get-activities.handler';
import { UpdateActivitiesHandler } from './application/update-activities/update-activities.handler';
import { ActivityEraser } from './erasure/activity-eraser';
import { ActivityExporter } from './export/activity.exporter';
import { Activities1763856000019 } from './migrations/1763856000019-activities';
import { ActivityProjection } from './read-models/activity.projection';
import { ActivityWebhookEvents } from './webhooks/activity-webhook-events';

/** Activity logs (D7): operations 18 and 19, read and delete, records derived from collaboration. */
@Migrations(Activities1763856000019)
@Module({
  imports: [CqrsModule, OrganizationsModule, DocumentsModule],
  controllers: [ActivitiesController],
  providers: [
    AddActivitiesHandler,
    UpdateActivitiesHandler,
    GetActivitiesHandler,
    DeleteActivitiesHandler,
    ActivityProjection,
    DerivedActivitiesSubscriber,
    OrganizationActivitiesSubscriber,
    SwitchesInLog,
    ActivitiesMover,
    ActivityWebhookEvents,
    ActivityEraser,
    ActivityExporter,
  ],
})
export class ActivitiesModule {}
