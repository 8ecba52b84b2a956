import { once } from 'node:events';
import {
  createServer,
  request,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { callerGoneSignal, CallerGoneError } from './caller.decorator';

// The signal a handler gets: aborted when the caller leaves before its answer, never after it.
describe('callerGoneSignal', () => {
  let server: Server;
  let port: number;
  let arrived: Promise<[IncomingMessage, ServerResponse]>;
  beforeEach(async () => {
    server = createServer();
    arrived = once(server, 'request') as Promise<[IncomingMessage, ServerResponse]>;
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as { port: number }).port;
  });
  afterEach(() => new Promise((resolve) => server.close(resolve)));

  const call = () => {
    const req = request({ port, method: 'POST', host: '127.0.0.1' });
    req.on('error', () => undefined);
    req.write('{}');
    return req;
  };

  it('aborts when the caller leaves before the answer', async () => {
    const client = call();
    const [, res] = await arrived;
    const signal = callerGoneSignal(res);
    expect(signal.aborted).toBe(false);
    client.destroy();
    await once(signal, 'abort');
    expect(signal.reason).toBeInstanceOf(CallerGoneError);
  });

  it('is aborted at once when the caller left before the signal was asked for', async () => {
    const client = call();
    const [, res] = await arrived;
    client.destroy();
    await once(res, 'close');
    expect(callerGoneSignal(res).aborted).toBe(true);
  });

  it('stays quiet when the answer was sent', async () => {
    const client = call();
    const [, res] = await arrived;
    const signal = callerGoneSignal(res);
    res.end('done');
    await once(res, 'close');
    expect(signal.aborted).toBe(false);
    client.destroy();
  });
});
