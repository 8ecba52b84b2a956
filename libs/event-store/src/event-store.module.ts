import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AggregateRepository } from './aggregate.repository';
import { StreamBatchRunner } from './batch';
import { EventStore } from './event-store';
import { ParkedEvents } from './parked-events';
import { ProjectionRebuilder } from './projection-rebuilder';
import { SubscriptionRunner } from './subscription-runner';

const SERVICES = [
  EventStore,
  AggregateRepository,
  StreamBatchRunner,
  SubscriptionRunner,
  ParkedEvents,
  ProjectionRebuilder,
];

@Global()
@Module({ imports: [DiscoveryModule], providers: SERVICES, exports: SERVICES })
export class EventStoreModule {}
