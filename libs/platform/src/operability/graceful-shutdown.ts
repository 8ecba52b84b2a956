import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Server } from 'node:http';
import type { AppConfig } from '../config/app-config';
import { sleep } from '../runtime/yield';
import { ShutdownState } from './shutdown-state';

const logger = new Logger('Shutdown');

/**
 * Stops the server on SIGTERM or SIGINT without losing work, then exits 0:
 *
 * 1. Readiness (`/health`) answers 503 at once; requests are still served for
 *    `shutdownDelayMs` (the time a load balancer takes to stop sending new ones).
 * 2. The listener closes: no new connection. Requests in flight finish; their answers carry
 *    `Connection: close`, and a request that still arrives on an open connection answers 503
 *    UNAVAILABLE. Idle keep-alive connections are closed.
 * 3. Once no connection is left (or `shutdownTimeoutMs` has passed: then the rest are cut),
 *    Nest's shutdown runs: the job workers stop taking jobs and wait for those running
 *    (what was not started stays pending in the ledger and runs on the next start), the
 *    subscriptions finish their batch, the database closes.
 *
 * If the whole sequence takes longer than `shutdownTimeoutMs` plus a grace of the same
 * length, the process exits 1: a job still running is run again from the ledger.
 */
export function installGracefulShutdown(app: NestFastifyApplication, config: AppConfig): void {
  let started = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (started) return;
    started = true;
    const deadline = setTimeout(
      () => {
        logger.error({ msg: 'shutdown timed out; exiting', signal });
        process.exit(1);
      },
      2 * config.shutdownTimeoutMs + config.shutdownDelayMs,
    );
    deadline.unref();
    shutdown(app, config, signal).then(
      () => process.exit(0),
      (err) => {
        logger.error({ msg: 'shutdown failed', err: String((err as Error)?.stack ?? err) });
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}

async function shutdown(
  app: NestFastifyApplication,
  config: AppConfig,
  signal: NodeJS.Signals,
): Promise<void> {
  const began = Date.now();
  const state = app.get(ShutdownState);
  logger.log({ msg: 'shutting down', signal, timeoutMs: config.shutdownTimeoutMs });
  state.phase = 'draining';
  if (config.shutdownDelayMs > 0) await sleep(config.shutdownDelayMs);
  state.phase = 'closing';
  const server = app.getHttpServer() as Server;
  const drained = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const timedOut = await Promise.race([
    drained.then(() => false),
    sleep(config.shutdownTimeoutMs).then(() => true),
  ]);
  if (timedOut) {
    logger.warn({ msg: 'requests still in flight at the shutdown timeout: connections closed' });
    server.closeAllConnections();
  }
  logger.log({ msg: 'http server closed', ms: Date.now() - began });
  await app.close();
  logger.log({ msg: 'shutdown complete', ms: Date.now() - began });
}
