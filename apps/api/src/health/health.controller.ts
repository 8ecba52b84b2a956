import { Controller, Get, Res, ServiceUnavailableException } from '@nestjs/common';
import { HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import type { FastifyReply } from 'fastify';
import { ApiExcludeController, NoRateLimit, ShutdownState } from '@app/platform';
import { QueueHealthIndicator } from './queue.health';

/**
 * `GET /health`: database and queue, in terminus's own format (200 or 503); 503 as soon as
 * the server is shutting down, so that it is taken out of the load balancer first.
 */
@ApiExcludeController()
@NoRateLimit()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly db: TypeOrmHealthIndicator,
    private readonly queue: QueueHealthIndicator,
    private readonly shutdown: ShutdownState,
  ) {}

  @Get()
  async check(@Res() reply: FastifyReply): Promise<void> {
    if (this.shutdown.shuttingDown) {
      const down = { shutdown: { status: 'down', message: 'shutting down' } };
      await reply.status(503).send({ status: 'error', info: {}, error: down, details: down });
      return;
    }
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
