import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line a request at `info`, once it is answered: method, path, status, time and the
 * request id. Fastify's own writes two (the arrival too): two log writes on every call. The
 * arrival is still there at `debug`, so a request that hangs shows before it is answered.
 * Fastify's other lines (errors of its default handler, route not found) are left as they are.
 */
export class RequestLogs extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
