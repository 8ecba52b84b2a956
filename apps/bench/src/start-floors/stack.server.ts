import 'reflect-metadata';
import {
  Controller,
  Get,
  Inject,
  Module,
  Optional,
  ValidationPipe,
  type DynamicModule,
  type Provider,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CqrsModule, QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { InjectDataSource, TypeOrmModule } from '@nestjs/typeorm';
import { IsString } from 'class-validator';
import { Column, DataSource, Entity, PrimaryColumn } from 'typeorm';

// A start floor (start-time.bench.ts): the libraries the server is built on and nothing of its
// own. Nest on Fastify, a global ValidationPipe (class-validator and class-transformer), the
// CQRS module, TypeORM connected to DATABASE_URL, and Bull's queue on REDIS_URL when it is set,
// as the server has it. `/health` goes through the query bus to `SELECT 1` and, with a Redis, a
// PING on the queue's connection, as the server's health check waits for both. Between this and
// the server is what the server's own modules cost a start.

@Entity({ name: 'start_floor_rows' })
class FloorRow {
  @PrimaryColumn('text')
  id!: string;

  // A rule, as the server's DTOs have: class-validator loads at start, not in the background
  // after the ValidationPipe is made (Nest loads it lazily there).
  @Column('text')
  @IsString()
  name!: string;
}

/** The queue's Redis connection, when there is one. */
const QUEUE_CONNECTION = Symbol('queue connection');

interface Pingable {
  ping(): Promise<unknown>;
}

class PingDependencies {}

@QueryHandler(PingDependencies)
class PingDependenciesHandler implements IQueryHandler<PingDependencies, boolean> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Optional() @Inject(QUEUE_CONNECTION) private readonly redis?: Pingable,
  ) {}

  async execute(): Promise<boolean> {
    await Promise.all([this.dataSource.query('SELECT 1'), this.redis?.ping()]);
    return true;
  }
}

@Controller()
class HealthController {
  constructor(private readonly queries: QueryBus) {}

  @Get('health')
  async health() {
    await this.queries.execute(new PingDependencies());
    return { status: 'ok' };
  }
}

/**
 * Bull's module, one queue and its connection for the health check, loaded only with a Redis
 * (the server runs its jobs in-process else).
 */
async function queue(redisUrl: string | undefined): Promise<[DynamicModule[], Provider[]]> {
  if (!redisUrl) return [[], []];
  const { BullModule, getQueueToken } = await import('@nestjs/bull');
  const connection: Provider = {
    provide: QUEUE_CONNECTION,
    inject: [getQueueToken('start-floor')],
    useFactory: (queue: { client: Pingable }) => queue.client,
  };
  return [
    [
      BullModule.forRoot({ redis: redisUrl, prefix: process.env.QUEUE_PREFIX }),
      BullModule.registerQueue({ name: 'start-floor' }),
    ],
    [connection],
  ];
}

async function main(): Promise<void> {
  const [queueModules, queueProviders] = await queue(process.env.REDIS_URL);

  @Module({
    imports: [
      CqrsModule.forRoot(),
      TypeOrmModule.forRoot({
        type: 'postgres',
        url: process.env.DATABASE_URL,
        entities: [FloorRow],
        synchronize: false,
      }),
      TypeOrmModule.forFeature([FloorRow]),
      ...queueModules,
    ],
    controllers: [HealthController],
    providers: [PingDependenciesHandler, ...queueProviders],
  })
  class StackFloorModule {}

  const app = await NestFactory.create(StackFloorModule, new FastifyAdapter(), { logger: false });
  app.useGlobalPipes(new ValidationPipe({ whitelist: true }));
  await app.listen(Number(process.env.PORT), '127.0.0.1');
}

process.on('SIGTERM', () => process.exit(0));
main().catch((err) => {
  console.error(err);
  process.exit(1);
});
