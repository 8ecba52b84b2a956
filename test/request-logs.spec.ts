import Fastify from 'fastify';
import { Writable } from 'node:stream';
import { RequestLogs } from '../apps/api/src/request-logs';

/** A Fastify server logging as the API does, at `level`, into a list of parsed lines. */
async function serverLoggingAt(level: string, logController = new RequestLogs()) {
  const lines: Record<string, any>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController });
  app.post('/v2/things/get', async () => ({ ok: true }));
  await app.ready();
  return { app, lines };
}

describe('request logs', () => {
  it('write one line a request at info, once answered: method, path, status, time, request id', async () => {
    const { app, lines } = await serverLoggingAt('info');
    const res = await app.inject({ method: 'POST', url: '/v2/things/get', payload: {} });
    expect(res.statusCode).toBe(200);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      reqId: expect.any(String),
      req: { method: 'POST', url: '/v2/things/get' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    await app.close();
  });

  it('write the arrival too at debug, before the answer', async () => {
    const { app, lines } = await serverLoggingAt('debug');
    await app.inject({ method: 'POST', url: '/v2/things/get', payload: {} });
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [20, 'incoming request'],
      [30, 'request completed'],
    ]);
    await app.close();
  });

  it('write nothing for a request whose logging is turned off', async () => {
    const quiet = new RequestLogs({ disableRequestLogging: true });
    const { app, lines } = await serverLoggingAt('debug', quiet);
    await app.inject({ method: 'POST', url: '/v2/things/get', payload: {} });
    expect(lines).toEqual([]);
    await app.close();
  });
});
