import { Controller, Get, Res, ServiceUnavailableException } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import type { FastifyReply } from 'fastify';
import { QueueHealthIndicator } from './queue.health';

/** `GET /health`: database and queue, in terminus's own format (200 or 503). */
@ApiExcludeController()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly db: TypeOrmHealthIndicator,
    private readonly queue: QueueHealthIndicator,
  ) {}

  @Get()
  async check(@Res() reply: FastifyReply): Promise<void> {
    try {
      const result = await this.health.check([
        () => this.db.pingCheck('database', { timeout: 2000 }),
        () => this.queue.isHealthy('queue'),
      ]);
      await reply.status(200).send(result);
    } catch (err) {
      if (!(err instanceof ServiceUnavailableException)) throw err;
      await reply.status(503).send(err.getResponse());
    }
  }
}
