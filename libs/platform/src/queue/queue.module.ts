import { Global, Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import type { AppConfig } from '../config/app-config';
import { BullQueueModule } from './bull-queue.module';
import { InProcessTransport } from './in-process.transport';
import { JOB_TRANSPORT } from './job';
import { JobQueue } from './job-queue';
import { JobsMetrics } from './jobs-metrics';
import { JobsLedger1763856000000 } from '../database/migrations/1763856000000-jobs-ledger';
import { JobsFailedIndex1763856000040 } from '../database/migrations/1763856000040-jobs-failed-index';
import { Migrations } from '../module-contract/migrations';

@Global()
@Migrations(JobsLedger1763856000000, JobsFailedIndex1763856000040)
@Module({})
export class QueueModule {
  /**
   * Jobs run in-process without REDIS_URL, on Bull with it. The Bull transport's module is a
   * promise (Nest resolves it while it scans the imports): it loads Bull only when used.
   */
  static forRoot(config: AppConfig): DynamicModule {
    const module = { module: QueueModule, exports: [JobQueue] };
    if (!config.redisUrl) {
      const transport = { provide: JOB_TRANSPORT, useFactory: () => new InProcessTransport() };
      return {
        ...module,
        imports: [DiscoveryModule],
        providers: [transport, JobQueue, JobsMetrics],
      };
    }
    const bull = BullQueueModule.forRoot(config, config.redisUrl);
    // Made before Nest awaits it: a failure must not be an unhandled rejection meanwhile
    // (Nest's own await still sees it and fails the start).
    bull.catch(() => undefined);
    return { ...module, imports: [DiscoveryModule, bull], providers: [JobQueue, JobsMetrics] };
  }
}
