import { Global, Logger, Module, type DynamicModule, type Provider } from '@nestjs/common';
import { BullModule, getQueueToken } from '@nestjs/bull';
import { DiscoveryModule } from '@nestjs/core';
import Redis, { type RedisOptions } from 'ioredis';
import type { Queue } from 'bull';
import type { AppConfig } from '../config/app-config';
import { BULL_STALL_SETTINGS } from './bull-stall-settings';
import { BullTransport } from './bull.transport';
import { InProcessTransport } from './in-process.transport';
import { JOB_TRANSPORT } from './job';
import { JobQueue } from './job-queue';
import { JobsMetrics } from './jobs-metrics';
import { JobsLedger1763856000000 } from '../database/migrations/1763856000000-jobs-ledger';
import { JobsFailedIndex1763856000040 } from '../database/migrations/1763856000040-jobs-failed-index';
import { Migrations } from '../module-contract/migrations';
import { closeIfStartFails } from '../runtime/failed-start';

export const QUEUE_NAME = 'jobs';
const logger = new Logger('Redis');

/**
 * Producers fail fast when Redis is down (the ledger keeps the job): with ioredis's defaults
 * `queue.add()` hangs silently during an outage. Bull's blocking and subscriber connections
 * must retry forever (Bull refuses them with a per-request retry limit or a ready check).
 */
function redisClient(
  url: string,
  type: 'client' | 'subscriber' | 'bclient',
  opened: Redis[],
): Redis {
  const options: RedisOptions =
    type === 'client'
      ? { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 }
      : { maxRetriesPerRequest: null, enableReadyCheck: false };
  const client = new Redis(url, options);
  // Outages and shutdown surface here; without a listener ioredis would throw them.
  client.on('error', (err) =>
    logger.warn({ msg: `redis ${type} connection error`, err: String(err) }),
  );
  opened.push(client);
  return client;
}

@Global()
@Migrations(JobsLedger1763856000000, JobsFailedIndex1763856000040)
@Module({})
export class QueueModule {
  static forRoot(config: AppConfig): DynamicModule {
    if (!config.redisUrl) {
      return {
        module: QueueModule,
        imports: [DiscoveryModule],
        providers: [
          { provide: JOB_TRANSPORT, useFactory: () => new InProcessTransport() },
          JobQueue,
          JobsMetrics,
        ],
        exports: [JobQueue],
      };
    }
    const redisUrl = config.redisUrl;
    // Bull does not close connections made by createClient: the transport closes these.
    const opened: Redis[] = [];
    const transport: Provider = {
      provide: JOB_TRANSPORT,
      inject: [getQueueToken(QUEUE_NAME)],
      useFactory: (queue: Queue) => new BullTransport(queue, opened),
    };
    return {
      module: QueueModule,
      imports: [
        DiscoveryModule,
        BullModule.forRoot({
          prefix: config.queuePrefix,
          createClient: (type) => {
            const client = redisClient(redisUrl, type, opened);
            closeIfStartFails(config, async () => client.disconnect());
            return client;
          },
        }),
        BullModule.registerQueue({ name: QUEUE_NAME, settings: BULL_STALL_SETTINGS }),
      ],
      providers: [transport, JobQueue, JobsMetrics],
      exports: [JobQueue],
    };
  }
}
