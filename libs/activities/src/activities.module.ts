import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { DocumentsModule } from '@app/documents';
import { OrganizationsModule } from '@app/organizations';
import { Migrations } from '@app/platform';
import { Activities1763856000019 } from './migrations/1763856000019-activities';
import { ActivityProjection } from './read-models/activity.projection';
import { ActivityWebhookEvents } from './webhooks/activity-webhook-events';

/** Activity logs (D7): operations 18 and 19, read and delete, records derived from collaboration. */
@Migrations(Activities1763856000019)
@Module({
  imports: [CqrsModule, OrganizationsModule, DocumentsModule],
  controllers: [],
  providers: [ActivityProjection, ActivityWebhookEvents],
})
export class ActivitiesModule {}
