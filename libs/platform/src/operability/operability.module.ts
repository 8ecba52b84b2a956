import {
  Global,
  Inject,
  Module,
  type DynamicModule,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { APP_GUARD, HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/app-config';
import type { FailureEnvelope } from '../http/envelope';
import { Metrics } from './metrics';
import { MetricsController } from './metrics.controller';
import { RATE_LIMIT_POLICIES, RateLimitGuard, type RateLimitPolicy } from './rate-limit.guard';
import {
  MemoryRateLimitStorage,
  RATE_LIMIT_STORAGE,
  type RateLimitStorage,
} from './rate-limit-storage';
import { RedisRateLimitStorage } from './redis-rate-limit-storage';
import { closeIfStartFails } from '../runtime/failed-start';
import { ShutdownState } from './shutdown-state';

/** Window of the sustained policy: RATE_LIMIT_RPS is an average over this long. */
const SUSTAINED_WINDOW_MS = 10_000;
const BURST_WINDOW_MS = 1_000;

const SHUTTING_DOWN: FailureEnvelope = {
  error: { status: 'UNAVAILABLE', message: 'The server is shutting down; retry the request' },
};

/**
 * Rate limits (D5.6, counted in Redis when REDIS_URL is set), metrics
 * (`GET /metrics`) and the HTTP side of a graceful shutdown. One instance of each per
 * application.
 */
function redisStorage(config: AppConfig, metrics: Metrics): Promise<RateLimitStorage> {
  const opening = RedisRateLimitStorage.open(config.redisUrl!, config.queuePrefix, metrics);
  // Registered before ioredis has loaded: another provider may fail the start meanwhile.
  closeIfStartFails(config, async () => (await opening).close());
  return opening;
}

@Global()
@Module({})
export class OperabilityModule implements OnModuleInit, OnApplicationShutdown {
  static forRoot(config: AppConfig): DynamicModule {
    const policies: RateLimitPolicy[] = [
      { name: 'burst', ttlMs: BURST_WINDOW_MS, limit: config.rateLimitBurst },
      {
        name: 'sustained',
        ttlMs: SUSTAINED_WINDOW_MS,
        limit: Math.max(1, Math.round((config.rateLimitRps * SUSTAINED_WINDOW_MS) / 1000)),
      },
    ];
    return {
      module: OperabilityModule,
      controllers: [MetricsController],
      providers: [
        // Made when the module is, not when it is described: describing an app (to find its
        // migrations) must open no connection.
        { provide: Metrics, useFactory: () => new Metrics() },
        {
          provide: RATE_LIMIT_STORAGE,
          inject: [Metrics],
          useFactory: async (metrics: Metrics): Promise<RateLimitStorage> =>
            config.redisUrl ? redisStorage(config, metrics) : new MemoryRateLimitStorage(),
        },
        { provide: RATE_LIMIT_POLICIES, useValue: policies },
        ShutdownState,
        { provide: APP_GUARD, useClass: RateLimitGuard },
      ],
      exports: [Metrics, ShutdownState],
    };
  }

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly metrics: Metrics,
    private readonly shutdown: ShutdownState,
    @Inject(RATE_LIMIT_STORAGE) private readonly storage: RateLimitStorage,
  ) {}

  /**
   * Fastify hooks: request metrics by route pattern, and the answers during a shutdown. Hooks
   * with a callback, not async ones: they run on every request, and an async hook costs a
   * promise and a turn of the microtask queue each.
   */
  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance?.() as FastifyInstance | undefined;
    if (!fastify?.addHook) return; // the CLI's application context has no HTTP server
    fastify.addHook('onRequest', (_request, reply, done) => {
      if (this.shutdown.phase !== 'closing') return done();
      // Answered here: the request goes no further (done is not called).
      void reply
        .headers({ connection: 'close', 'retry-after': '1' })
        .status(503)
        .send(SHUTTING_DOWN);
    });
    // Once shutting down, no connection is kept alive: clients reconnect to another instance.
    fastify.addHook('onSend', (_request, reply, payload, done) => {
      if (this.shutdown.shuttingDown) void reply.header('connection', 'close');
      done(null, payload);
    });
    fastify.addHook('onResponse', (request, reply, done) => {
      this.metrics.httpDuration.observe(
        {
          method: request.method,
          // The route pattern, never the raw URL (bounded label values); unknown paths as one.
          route: request.routeOptions.url ?? 'unmatched',
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
      done();
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.storage.close?.();
  }
}
