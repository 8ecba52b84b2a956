import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

/** Why a caller's signal aborted. */
export class CallerGoneError extends Error {
  constructor() {
    super('the caller closed the connection before the answer');
    this.name = 'CallerGoneError';
  }
}

/** A signal that aborts when the connection closes before `res` was sent in full. */
export function callerGoneSignal(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  const gone = () => !res.writableFinished && controller.abort(new CallerGoneError());
  // Gone already (while the request was authenticated and parsed): 'close' will not come again.
  if (res.destroyed || res.socket?.destroyed) gone();
  else res.once('close', gone);
  return controller.signal;
}

/**
 * The caller's connection, as a handler sees it. An interface, not the signal itself: the
 * global ValidationPipe would try to build an AbortSignal out of a class-typed parameter.
 */
export interface CallerConnection {
  /** Aborts when the caller goes away before its answer. */
  readonly gone: AbortSignal;
}

/**
 * A handler parameter: the caller's connection, whose `gone` signal lets work done only for
 * that answer (a provider call billed per token) stop when the caller leaves.
 */
export const Caller = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): CallerConnection => ({
    gone: callerGoneSignal(ctx.switchToHttp().getResponse<FastifyReply>().raw),
  }),
);
