import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ServiceError } from '../http/service-error';
import { ApiExcludeController } from '../openapi/deferred-decorators';
import { Metrics } from './metrics';
import { NoRateLimit } from './rate-limit.names';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** `GET /metrics`: Prometheus text format; with METRICS_TOKEN, `Authorization: Bearer <token>`. */
@ApiExcludeController()
@NoRateLimit()
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: Metrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async scrape(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const token = this.config.metricsToken;
    if (token !== undefined) {
      const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
      // Digests of equal length, compared in constant time: nothing leaks through timing.
      if (!timingSafeEqual(digest(given), digest(token))) {
        throw new ServiceError(
          'UNAUTHENTICATED',
          'Missing or invalid metrics token',
          undefined,
          undefined,
          {
            'www-authenticate': 'Bearer',
          },
        );
      }
    }
    const body = await this.metrics.registry.metrics();
    await reply.header('content-type', this.metrics.registry.contentType).send(body);
  }
}
