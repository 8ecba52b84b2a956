import { Catch, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toFailure } from './failure';

/** Every error that reaches Nest leaves as a failure envelope (D1). */
@Catch()
export class EnvelopeExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Http');

  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const failure = toFailure(error, `${request.method} ${request.url}`);
    if (failure.unexpected) {
      this.logger.error({ requestId: request.id, err: String((error as Error)?.stack ?? error) });
    } else if (failure.warning) {
      this.logger.warn({ requestId: request.id, msg: failure.warning, err: String(error) });
    }
    void reply
      .headers(failure.headers ?? {})
      .status(failure.httpStatus)
      .send(failure.body);
  }
}
