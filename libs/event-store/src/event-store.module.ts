import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AggregateRepository } from './aggregate.repository';
import { EventStore } from './event-store';
import { SubscriptionRunner } from './subscription-runner';

@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [EventStore, AggregateRepository, SubscriptionRunner],
  exports: [EventStore, AggregateRepository, SubscriptionRunner],
})
export class EventStoreModule {}
