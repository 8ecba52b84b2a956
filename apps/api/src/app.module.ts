import { Module, type DynamicModule, type ModuleMetadata } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { TerminusModule } from '@nestjs/terminus';
import { AccessModule } from '@app/access';
import { AiModule } from '@app/ai';
import { CollaborationModule } from '@app/collaboration';
import { DocumentsModule } from '@app/documents';
import { EmailModule } from '@app/email';
import { GdprModule } from '@app/gdpr';
import { NotificationsModule } from '@app/notifications';
import { ActivitiesModule } from '@app/activities';
import { EventStoreModule } from '@app/event-store';
import {
  DatabaseModule,
  OperabilityModule,
  PlatformModule,
  QueueModule,
  type AppConfig,
  type ServerSecrets,
} from '@app/platform';
import { OrganizationsModule } from '@app/organizations';
import { UsersModule } from '@app/users';
import { WebhooksModule } from '@app/webhooks';
import { WorkspacesModule } from '@app/workspaces';
import { HealthController } from './health/health.controller';
import { QueueHealthIndicator } from './health/queue.health';
import { NotServedController } from './not-served/not-served.controller';

/** Composition root: configuration, database, event store, queue and the feature modules. */
@Module({})
export class AppModule {
  /** `extraModules`: users' own modules, or test probes, composed with the server's. */
  static forRoot(
    config: AppConfig,
    secrets: ServerSecrets,
    extraModules: ModuleMetadata['imports'] = [],
  ): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot(config, secrets),
        OperabilityModule.forRoot(config),
        DatabaseModule.forRoot(config),
        QueueModule.forRoot(config),
        EventStoreModule,
        CqrsModule.forRoot(),
        TerminusModule.forRoot({ logger: false }),
        WorkspacesModule,
        OrganizationsModule,
        DocumentsModule,
        UsersModule,
        CollaborationModule,
        NotificationsModule,
        EmailModule,
        ActivitiesModule,
        GdprModule,
        AiModule,
        WebhooksModule,
        AccessModule,
        ...extraModules,
      ],
      controllers: [HealthController, NotServedController],
      providers: [QueueHealthIndicator],
    };
  }
}
