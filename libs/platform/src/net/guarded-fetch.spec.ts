import { createServer, type Server } from 'node:http';
import { fixedResolveAll, PrivateTargetError } from './checked-lookup';
import { guardedFetch, guardedFetchRefusal, RedirectRefusedError } from './guarded-fetch';

/** What fetch threw, for asserting on its cause chain (SDKs see the same). */
const failureOf = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error('the call succeeded');
    },
    (error: unknown) => error,
  );

// D12.4: the fetch Ask AI gives the providers' SDKs.
describe('guardedFetch', () => {
  let server: Server;
  let port: number;
  const paths: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      paths.push(req.url ?? '');
      if (req.url === '/moved') {
        res.writeHead(307, { location: `http://127.0.0.1:${port}/inside` });
        return res.end();
      }
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  beforeEach(() => (paths.length = 0));
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('refuses a private literal and a localhost name before connecting', async () => {
    const guarded = guardedFetch({ allowPrivate: false });
    for (const url of [
      `http://127.0.0.1:${port}/x`,
      `http://localhost:${port}/x`,
      `http://[::ffff:127.0.0.1]:${port}/x`,
      'http://169.254.169.254/latest/meta-data',
    ]) {
      const error = await failureOf(guarded.fetch(url, { method: 'POST', body: '{}' }));
      expect(guardedFetchRefusal(error)).toBeInstanceOf(PrivateTargetError);
    }
    expect(paths).toEqual([]);
    await guarded.close();
  });

  it('refuses a name that resolves to a loopback address, after resolution', async () => {
    const guarded = guardedFetch({
      allowPrivate: false,
      resolveAll: fixedResolveAll('203.0.113.9', '127.0.0.1'),
    });
    const error = await failureOf(guarded.fetch(`http://models.example:${port}/v1`));
    expect(guardedFetchRefusal(error)).toBeInstanceOf(PrivateTargetError);
    expect(paths).toEqual([]);
    await guarded.close();
  });

  it('reaches a private target when allowed, on the address it resolved', async () => {
    const guarded = guardedFetch({ allowPrivate: true, resolveAll: fixedResolveAll('127.0.0.1') });
    const res = await guarded.fetch(`http://models.example:${port}/v1`, { method: 'POST' });
    expect(await res.text()).toBe('ok');
    expect(paths).toEqual(['/v1']);
    await guarded.close();
  });

  it('does not follow a redirect, even where private targets are allowed', async () => {
    const guarded = guardedFetch({ allowPrivate: true });
    const error = await failureOf(guarded.fetch(`http://127.0.0.1:${port}/moved`));
    const refusal = guardedFetchRefusal(error);
    expect(refusal).toBeInstanceOf(RedirectRefusedError);
    expect((refusal as RedirectRefusedError).status).toBe(307);
    expect(paths).toEqual(['/moved']);
    await guarded.close();
  });
});
