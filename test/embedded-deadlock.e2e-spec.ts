import { DataSource } from 'typeorm';
import { EventStore } from '@app/event-store';
import { SingleConnectionDeadlockError } from '@app/platform';
import { createTestApp, type TestApp } from '@app/testing';

// PGlite (EMBEDDED_ENGINE=pglite) has one connection: a query outside the open transaction
// (through the DataSource rather than the transaction's manager) used to wait for it for ever.
(process.env.DATABASE_URL ? describe.skip : describe)('embedded database, one connection', () => {
  let t: TestApp;
  let store: EventStore;
  let dataSource: DataSource;
  beforeAll(async () => {
    t = await createTestApp({ config: { embeddedEngine: 'pglite' } });
    store = t.app.get(EventStore);
    dataSource = t.app.get(DataSource);
  });
  afterAll(() => t?.close());

  it('refuses a DataSource query inside EventStore.transaction at once, naming the cause', async () => {
    const started = Date.now();
    const outcome = store.transaction(async (m) => {
      await m.query('SELECT 1');
      await dataSource.query('SELECT 2');
    });
    await expect(outcome).rejects.toThrow(SingleConnectionDeadlockError);
    await expect(outcome).rejects.toThrow(
      /Embedded database: a query outside the open transaction would wait for ever for the single connection/,
    );
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('refuses a transaction begun inside another', async () => {
    const outcome = dataSource.transaction(() =>
      dataSource.transaction((m) => m.query('SELECT 1')),
    );
    await expect(outcome).rejects.toThrow(SingleConnectionDeadlockError);
  });

  it('lets work after the transaction, and concurrent callers, wait their turn', async () => {
    // Each caller waits for the connection the others hold: none of them is refused.
    const results = await Promise.all([
      store.transaction(async (m) => (await m.query('SELECT 1 AS n'))[0].n),
      dataSource.query('SELECT 2 AS n').then((rows) => rows[0].n),
      store.transaction(async (m) => (await m.query('SELECT 3 AS n'))[0].n),
    ]);
    expect(results).toEqual([1, 2, 3]);
    // A continuation of a transaction that has ended asks for the connection as anyone does.
    let later!: Promise<unknown>;
    await store.transaction(async () => {
      later = new Promise((resolve) => setTimeout(resolve, 50)).then(() =>
        dataSource.query('SELECT 4 AS n'),
      );
    });
    expect(await later).toEqual([{ n: 4 }]);
    // And requests (each in its own transactions) still run side by side.
    const ws = await Promise.all([
      t.createWorkspace('a@example.com'),
      t.createWorkspace('b@example.com'),
    ]);
    expect(ws[0].workspaceId).not.toBe(ws[1].workspaceId);
  });
});
