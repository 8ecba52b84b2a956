import { jest } from '@jest/globals';
import type { DataSource, EntityManager } from 'typeorm';
import { guardSingleConnection } from '@app/platform';
import { Aggregate } from './aggregate';
import { AggregateRepository } from './aggregate.repository';
import { ConcurrencyError } from './concurrency.error';
import type { EventStore } from './event-store';
import { KeyedMutexReentryError } from './keyed-mutex';

const tick = () => new Promise((resolve) => setImmediate(resolve));

class Counter extends Aggregate {
  protected when(): void {}
  bump(): void {
    this.raise({ type: 'bumped', data: {} } as never);
  }
}

const target = (streamId: string) => ({
  streamType: 'counter',
  streamId,
  create: () => new Counter(),
});

/**
 * A repository over a store that runs every transaction at once (no database between two
 * writers to order them), recording what each attempt does; `conflicts` appends fail first.
 */
function repositoryOver({ singleConnection = false, conflicts = 0 } = {}) {
  const steps: string[] = [];
  const m = {
    query: async (sql: string, [ids]: string[][]) => {
      if (/FOR NO KEY UPDATE/.test(sql)) steps.push(`lock ${ids.join()}`);
      return [];
    },
  } as unknown as EntityManager;
  let failing = conflicts;
  const store = {
    transaction: (work: (m: EntityManager) => Promise<unknown>, manager?: EntityManager) =>
      work(manager ?? m),
    readStreams: async (ids: string[]) => {
      steps.push(`read ${ids.join()}`);
      return new Map();
    },
    append: async (appends: { streamId: string }[]) => {
      if (failing-- > 0) throw new ConcurrencyError(appends.map((a) => a.streamId));
      steps.push('append');
      return [];
    },
  } as unknown as EventStore;
  const dataSource = {
    manager: { transaction: (work: () => Promise<unknown>) => work() },
    driver: { obtainMasterConnection: async () => [{}, () => undefined] },
  } as unknown as DataSource;
  if (singleConnection) guardSingleConnection(dataSource);
  return { repository: new AggregateRepository(store, dataSource), steps };
}

describe('AggregateRepository', () => {
  beforeEach(() => jest.spyOn(Math, 'random').mockReturnValue(0));
  afterEach(() => jest.restoreAllMocks());

  it('runs the writers of one stream one after the other, even when their attempts could interleave', async () => {
    const { repository } = repositoryOver();
    const order: string[] = [];
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const first = repository.inTurn(['s'], async () => {
      order.push('first starts');
      await gate;
      order.push('first ends');
    });
    const second = repository.inTurn(['s'], async () => {
      order.push('second starts');
    });
    await tick();
    open();
    await Promise.all([first, second]);
    expect(order).toEqual(['first starts', 'first ends', 'second starts']);
  });

  it('refuses at once a write of a stream started inside a write of that stream', async () => {
    const { repository, steps } = repositoryOver();
    const outer = repository.update(
      target('s'),
      {} as never,
      {
        decide: async () => repository.update(target('s'), {} as never, (c) => c.bump()),
      } as never,
    );
    await expect(outer).rejects.toBeInstanceOf(KeyedMutexReentryError);
    expect(steps).toEqual(['read s']);
  });

  it('refuses at once, on a single connection, a write in a transaction of its own inside another write', async () => {
    const nested = (repository: AggregateRepository) =>
      repository.update(target('s'), {} as never, {
        before: async () => {
          await repository.update(target('t'), {} as never, (c) => c.bump());
          return {};
        },
        decide: (c) => c.bump(),
      });
    await expect(nested(repositoryOver({ singleConnection: true }).repository)).rejects.toThrow(
      /single connection/,
    );
    const pooled = repositoryOver();
    await nested(pooled.repository);
    expect(pooled.steps).toEqual(['read t', 'append', 'read s', 'append']);
  });

  it('holds the rows of the streams it lost on after `before` and before reading them again', async () => {
    const { repository, steps } = repositoryOver({ conflicts: 1 });
    await repository.update(target('s'), {} as never, {
      before: async () => {
        steps.push('before');
        return {};
      },
      decide: (c) => c.bump(),
    });
    expect(steps).toEqual(['before', 'read s', 'before', 'lock s', 'read s', 'append']);
  });
  it('refuses at once a write of its own inside a transaction that holds the single connection', async () => {
    // A guarded one-connection data source: a transaction that obtained the connection holds it.
    const embedded = {
      manager: { transaction: (work: () => Promise<unknown>) => work() },
      driver: { obtainMasterConnection: async () => [{}, () => undefined] },
    } as unknown as DataSource;
    guardSingleConnection(embedded);
    const store = {
      transaction: () => Promise.reject(new Error('must not be reached')),
    } as unknown as EventStore;
    const repository = new AggregateRepository(store, embedded);
    const driver = embedded.driver as unknown as { obtainMasterConnection(): Promise<unknown> };
    await embedded.manager.transaction(async () => {
      await driver.obtainMasterConnection();
      await expect(
        repository.update(target('c-1'), { actor: 't' } as never, (c: Counter) => c.bump()),
      ).rejects.toThrow(/single connection/);
    });
  });
});
