import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AggregateRepository } from './aggregate.repository';
import { StreamBatchRunner } from './batch';
import { EventStore } from './event-store';
import { OrganizationDataDeletion } from './organization-data-deletion';
import { ParkedEvents } from './parked-events';
import { ProjectionRebuilder } from './projection-rebuilder';
import { SubscriptionRunner } from './subscription-runner';
import { AfterCommit, Migrations } from '@app/platform';
import { EventStore1763856000001 } from './migrations/1763856000001-event-store';
import { ParkedEvents1763856000008 } from './migrations/1763856000008-parked-events';
import { EventApiKey1763856000009 } from './migrations/1763856000009-event-api-key';
import { CheckpointLeases1763856000011 } from './migrations/1763856000011-checkpoint-leases';
import { OrganizationDeletionJobs1764400000150 } from './migrations/1764400000150-organization-deletion-jobs';
import { SubscriptionMetrics } from './subscription-metrics';

const SERVICES = [
  EventStore,
  AggregateRepository,
  StreamBatchRunner,
  SubscriptionRunner,
  ParkedEvents,
  ProjectionRebuilder,
  OrganizationDataDeletion,
];

@Global()
@Migrations(
  EventStore1763856000001,
  ParkedEvents1763856000008,
  EventApiKey1763856000009,
  CheckpointLeases1763856000011,
  OrganizationDeletionJobs1764400000150,
)
@Module({
  imports: [DiscoveryModule],
  providers: [...SERVICES, SubscriptionMetrics, AfterCommit],
  exports: SERVICES,
})
export class EventStoreModule {}
