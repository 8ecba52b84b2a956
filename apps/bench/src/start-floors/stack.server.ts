import 'reflect-metadata';
import { Controller, Get, Module, ValidationPipe, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CqrsModule, QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { InjectDataSource, TypeOrmModule } from '@nestjs/typeorm';
import { IsString } from 'class-validator';
import { Column, DataSource, Entity, PrimaryColumn } from 'typeorm';

// A start floor (start-time.bench.ts): the libraries the server is built on and nothing of its
// own. Nest on Fastify, a global ValidationPipe (class-validator and class-transformer), the
// CQRS module, TypeORM connected to DATABASE_URL, and Bull's queue on REDIS_URL when it is set,
// as the server has it. `/health` runs `SELECT 1` through the query bus. Between this and the
// server is what the server's own modules cost a start.

@Entity({ name: 'start_floor_rows' })
class FloorRow {
  @PrimaryColumn('text')
  id!: string;

  @Column('text')
  @IsString()
  name!: string;
}

class DatabaseAnswers {}

@QueryHandler(DatabaseAnswers)
class DatabaseAnswersHandler implements IQueryHandler<DatabaseAnswers, boolean> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async execute(): Promise<boolean> {
    await this.dataSource.query('SELECT 1');
    return true;
  }
}

@Controller()
class HealthController {
  constructor(private readonly queries: QueryBus) {}

  @Get('health')
  async health() {
    await this.queries.execute(new DatabaseAnswers());
    return { status: 'ok' };
  }
}

/** Bull's module and one queue, loaded only with a Redis (the server's in-process queue else). */
async function queueModules(redisUrl: string | undefined): Promise<DynamicModule[]> {
  if (!redisUrl) return [];
  const { BullModule } = await import('@nestjs/bull');
  return [
    BullModule.forRoot({ redis: redisUrl, prefix: process.env.QUEUE_PREFIX }),
    BullModule.registerQueue({ name: 'start-floor' }),
  ];
}

async function main(): Promise<void> {
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
      ...(await queueModules(process.env.REDIS_URL)),
    ],
    controllers: [HealthController],
    providers: [DatabaseAnswersHandler],
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
