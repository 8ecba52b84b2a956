import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataSource } from 'typeorm';

/** A transaction begun in this async context (and the one it was begun inside, if any). */
interface OpenTransaction {
  /** It has its connection: until it ends, the pool has none to lend. */
  holds: boolean;
  ended: boolean;
  outer?: OpenTransaction;
}

export const SINGLE_CONNECTION_DEADLOCK =
  'Embedded database: a query outside the open transaction would wait for ever for the single ' +
  "connection, which the transaction holds; run it through the transaction's EntityManager";

/** A query that could only ever wait: thrown at once instead. */
export class SingleConnectionDeadlockError extends Error {
  constructor() {
    super(SINGLE_CONNECTION_DEADLOCK);
    this.name = 'SingleConnectionDeadlockError';
  }
}

const holding = (open: OpenTransaction | undefined): boolean =>
  open !== undefined && ((open.holds && !open.ended) || holding(open.outer));

/** The transaction contexts of each guarded data source. */
const contexts = new WeakMap<DataSource, AsyncLocalStorage<OpenTransaction>>();

/** Whether `dataSource` is guarded: the embedded PGlite's one connection. */
export function isSingleConnection(dataSource: DataSource): boolean {
  return contexts.has(dataSource);
}

/**
 * Whether the calling async context runs inside an open transaction of `dataSource` that
 * holds its single connection: anything it waits for that needs the connection waits for
 * ever (a write's turn held by a request that waits for the connection, say). False on a
 * data source that is not guarded (a pool of several connections).
 */
export function holdsSingleConnection(dataSource: DataSource): boolean {
  return holding(contexts.get(dataSource)?.getStore());
}

/**
 * The embedded database has one connection (PGlite runs one session). A query that asks the
 * pool for a connection while a transaction of the same async context holds it waits for
 * that transaction, which waits for the query: a hang with no error. Every transaction on
 * `dataSource` (`DataSource.transaction` and the root `EntityManager.transaction` are the
 * same call) runs in an AsyncLocalStorage context; asking for a connection from inside one
 * that holds it throws `SingleConnectionDeadlockError` at once. A context whose transaction
 * ended asks as anyone else does.
 *
 * Work detached from the transaction but begun inside it (a timer) inherits its context and
 * is refused too while the transaction is open: it would have waited for the commit.
 */
export function guardSingleConnection(dataSource: DataSource): void {
  const context = new AsyncLocalStorage<OpenTransaction>();
  contexts.set(dataSource, context);
  const manager = dataSource.manager;
  const transaction = manager.transaction.bind(manager) as (...args: unknown[]) => Promise<unknown>;
  manager.transaction = ((...args: unknown[]) => {
    const open: OpenTransaction = { holds: false, ended: false, outer: context.getStore() };
    return context.run(open, async () => {
      try {
        return await transaction(...args);
      } finally {
        open.ended = true;
      }
    });
  }) as typeof manager.transaction;

  const driver = dataSource.driver as unknown as {
    obtainMasterConnection(): Promise<[unknown, () => void]>;
  };
  const obtain = driver.obtainMasterConnection.bind(driver);
  driver.obtainMasterConnection = async () => {
    const open = context.getStore();
    if (holding(open)) throw new SingleConnectionDeadlockError();
    const connection = await obtain();
    // The first connection a transaction's context obtains is the transaction's own.
    if (open && !open.ended) open.holds = true;
    return connection;
  };
}
