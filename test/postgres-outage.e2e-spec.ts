import { Injectable, Module, type OnModuleInit } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { JobQueue } from '@app/platform';
import { createTestApp, waitFor, type TestApp, type TestWorkspace } from '@app/testing';
import { OwnPostgres, postgresBinaries } from './support/own-postgres';

const bin = postgresBinaries();
if (!bin) {
  console.warn('postgres-outage: skipped, no Postgres binaries under /usr/lib/postgresql/*/bin');
}

/** The answer a caller gets while the database is down: retry later, in the failure envelope. */
function expectUnavailable(res: request.Response): void {
  expect(res.status).toBe(503);
  expect(res.body).toEqual({ error: { status: 'UNAVAILABLE', message: expect.any(String) } });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(5);
}

// A job that is running when the database goes away, and touches it after.
const gated = { started: false, open: () => {}, runs: 0 };
const gate = new Promise<void>((resolve) => (gated.open = resolve));

@Injectable()
class GatedJob implements OnModuleInit {
  constructor(
    private readonly queue: JobQueue,
    private readonly dataSource: DataSource,
  ) {}
  onModuleInit(): void {
    this.queue.handle('test.gated', async () => {
      gated.started = true;
      gated.runs += 1;
      await gate;
      await this.dataSource.query('SELECT 1');
    });
  }
}

@Module({ providers: [GatedJob] })
class GatedJobModule {}

// Runs on both passes: the test brings a Postgres cluster of its own, to stop and start it.
(bin ? describe : describe.skip)('a Postgres outage (needs pg_ctl and initdb)', () => {
  let cluster: OwnPostgres;
  let t: TestApp;
  let ws: TestWorkspace;

  const readOrganizations = () => t.post('/v2/organizations/get', {}, t.apiKeyHeaders(ws));
  const addOrganization = (id: string) =>
    t.post(
      '/v1/organizations/add',
      { organizations: [{ organizationId: id }] },
      t.apiKeyHeaders(ws),
    );
  const health = () => request(t.app.getHttpServer()).get('/health');

  beforeAll(async () => {
    cluster = await OwnPostgres.create(bin!);
    t = await createTestApp({ databaseUrl: cluster.url, modules: [GatedJobModule] });
    ws = await t.createWorkspace();
  });

  afterAll(async () => {
    await cluster?.start().catch(() => undefined); // the pool closes cleanly on a live server
    await t?.close();
    await cluster?.destroy();
  });

  it('answers 503 UNAVAILABLE with Retry-After while Postgres is down, and recovers by itself', async () => {
    expect((await addOrganization('before-outage')).status).toBe(200);
    expect((await health()).status).toBe(200);

    // Requests keep coming while the server goes down: each is answered, none with a 500.
    const answered: request.Response[] = [];
    let stopping = true;
    const load = async (client: number) => {
      for (let i = 0; stopping; i++) {
        const id = `during-${client}-${i}`;
        answered.push(await (i % 2 ? readOrganizations() : addOrganization(id)));
      }
    };
    const clients = Promise.all([load(1), load(2), load(3)]);
    await waitFor(async () => (answered.length >= 6 ? true : undefined));
    await cluster.stop('immediate');
    stopping = false;
    await clients;
    for (const res of answered) {
      expect([200, 503]).toContain(res.status);
      if (res.status === 503) expectUnavailable(res);
    }

    // While it is down: reads, writes and authentication all answer 503, quickly enough to count.
    for (const res of await Promise.all([readOrganizations(), addOrganization('while-down')])) {
      expectUnavailable(res);
    }
    const down = await health();
    expect(down.status).toBe(503);
    expect(down.body.details.database.status).toBe('down');
    expect(down.body.details.queue.status).toBe('up');

    // Back up: the same app, not restarted, serves again once its pool reconnects.
    await cluster.start();
    await waitFor(async () => ((await health()).status === 200 ? true : undefined), 20_000, 200);
    expect((await addOrganization('after-outage')).status).toBe(200);
    const after = await readOrganizations();
    expect(after.status).toBe(200);
    const ids = after.body.result.data.map((o: { id: string }) => o.id);
    expect(ids).toEqual(expect.arrayContaining(['before-outage', 'after-outage']));
    expect(ids).not.toContain('while-down');
  });

  it('keeps a job that failed during the outage, and runs it once the database is back', async () => {
    const queue = t.app.get(JobQueue);
    await queue.enqueue([{ id: 'gated-1', name: 'test.gated', data: {} }]);
    await waitFor(async () => (gated.started ? true : undefined));
    await cluster.stop('immediate');
    gated.open(); // its query now fails, and so does recording the failure: no crash, no loss
    await waitFor(async () => ((await health()).status === 503 ? true : undefined));

    await cluster.start();
    // The sweep (every 30 s in the app) dispatches what is still pending; called here to not wait.
    await waitFor(
      async () => {
        await queue.sweep();
        return (await queue.status('gated-1')) === 'completed' ? true : undefined;
      },
      20_000,
      200,
    );
    expect(gated.runs).toBe(2);
  });
});
