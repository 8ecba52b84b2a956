import { Logger, Module, type DynamicModule, type Provider } from '@nestjs/common';
import type Redis from 'ioredis';
import type { RedisOptions } from 'ioredis';
import type { Queue } from 'bull';
import type { AppConfig } from '../config/app-config';
import { closeIfStartFails } from '../runtime/failed-start';
import { BULL_STALL_SETTINGS } from './bull-stall-settings';
import { BullTransport } from './bull.transport';
import { JOB_TRANSPORT, QUEUE_NAME } from './job';

const logger = new Logger('Redis');

/**
 * Producers fail fast when Redis is down (the ledger keeps the job): with ioredis's defaults
 * `queue.add()` hangs silently during an outage. Bull's blocking and subscriber connections
 * must retry forever (Bull refuses them with a per-request retry limit or a ready check).
 */
function redisClient(
  RedisClient: typeof Redis,
  url: string,
  type: 'client' | 'subscriber' | 'bclient',
  opened: Redis[],
): Redis {
  const options: RedisOptions =
    type === 'client'
      ? { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 }
      : { maxRetriesPerRequest: null, enableReadyCheck: false };
  const client = new RedisClient(url, options);
  // Outages and shutdown surface here; without a listener ioredis would throw them.
  client.on('error', (err) =>
    logger.warn({ msg: `redis ${type} connection error`, err: String(err) }),
  );
  opened.push(client);
  return client;
}

/**
 * The job transport on Bull and Redis (REDIS_URL set). Bull, ioredis and what they pull in
 * (about 100 ms of loading) are imported only then: without REDIS_URL jobs run in-process.
 */
@Module({})
export class BullQueueModule {
  /** `config` itself, not a copy: what start opened is closed by it (closeIfStartFails). */
  static async forRoot(config: AppConfig, redisUrl: string): Promise<DynamicModule> {
    const [{ BullModule, getQueueToken }, { default: RedisClient }] = await Promise.all([
      import('@nestjs/bull'),
      import('ioredis'),
    ]);
    // Bull does not close connections made by createClient: the transport closes these.
    const opened: Redis[] = [];
    const transport: Provider = {
      provide: JOB_TRANSPORT,
      inject: [getQueueToken(QUEUE_NAME)],
      useFactory: (queue: Queue) => new BullTransport(queue, opened),
    };
    return {
      module: BullQueueModule,
      imports: [
        BullModule.forRoot({
          prefix: config.queuePrefix,
          createClient: (type) => {
            const client = redisClient(RedisClient, redisUrl, type, opened);
            closeIfStartFails(config, async () => client.disconnect());
            return client;
          },
        }),
        BullModule.registerQueue({ name: QUEUE_NAME, settings: BULL_STALL_SETTINGS }),
      ],
      providers: [transport],
      exports: [JOB_TRANSPORT],
    };
  }
}
