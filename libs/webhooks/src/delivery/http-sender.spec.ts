import { createServer, type Server } from 'node:http';
import { fixedResolveAll, isPrivateHost } from '@app/platform';
import { HttpSender } from './http-sender';

// D11.6 at delivery time: a name is resolved and every address checked before connecting.
describe('HttpSender private targets', () => {
  let server: Server;
  let port: number;
  let calls = 0;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      calls++;
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('refuses a loopback address literal unless allowed', async () => {
    const refused = await new HttpSender(false).send(`http://127.0.0.1:${port}/`, '{}', {});
    expect(refused.error).toMatch(/private or loopback/);
    const allowed = new HttpSender(true);
    expect((await allowed.send(`http://127.0.0.1:${port}/`, '{}', {})).status).toBe(200);
    allowed.close();
  });

  it('refuses a DNS name that resolves inside, which the configuration check cannot see', async () => {
    const name = 'hooks.customer.example';
    expect(isPrivateHost(name)).toBe(false); // the name itself passes operation 4's check
    const before = calls;
    const sender = new HttpSender(false, fixedResolveAll('203.0.113.7', '127.0.0.1'));
    const outcome = await sender.send(`http://${name}:${port}/`, '{}', {});
    expect(outcome.error).toMatch(/private or loopback/);
    expect(calls).toBe(before);
    sender.close();
  });

  it('connects to the address it checked when allowed', async () => {
    const before = calls;
    const sender = new HttpSender(true, fixedResolveAll('127.0.0.1'));
    const outcome = await sender.send(`http://hooks.customer.example:${port}/`, '{}', {});
    expect(outcome.status).toBe(200);
    expect(calls).toBe(before + 1);
    sender.close();
  });
});
