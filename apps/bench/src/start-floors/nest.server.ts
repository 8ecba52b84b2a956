import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';

// A start floor (start-time.bench.ts): bare Nest on the Fastify adapter, one route answering
// `/health`, nothing else. No server built on Nest starts faster on this machine.

@Controller()
class HealthController {
  @Get('health')
  health() {
    return { status: 'ok' };
  }
}

@Module({ controllers: [HealthController] })
class NestFloorModule {}

async function main(): Promise<void> {
  const app = await NestFactory.create(NestFloorModule, new FastifyAdapter(), { logger: false });
  await app.listen(Number(process.env.PORT), '127.0.0.1');
}

process.on('SIGTERM', () => process.exit(0));
main().catch((err) => {
  console.error(err);
  process.exit(1);
});
