import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AsyncResource } from 'node:async_hooks';
import {
  DataSource,
  type EntityManager,
  type EntitySubscriberInterface,
  type QueryRunner,
  type TransactionCommitEvent,
  type TransactionRollbackEvent,
} from 'typeorm';

/**
 * Runs work once the transaction of a manager has committed (a dispatch to the queue of jobs
 * recorded in it), and drops it when the transaction rolls back. Without a transaction the
 * work runs at once. Jobs whose dispatch is lost here are still in the ledger: its sweep
 * dispatches them.
 */
@Injectable()
export class AfterCommit implements EntitySubscriberInterface, OnModuleInit {
  private readonly waiting = new Map<QueryRunner, (() => void)[]>();
  /**
   * Runs work in the context this provider was made in, outside the committed transaction's
   * (whose context still says it holds the embedded database's one connection).
   */
  private readonly outside = AsyncResource.bind((work: () => void) => setImmediate(work));

  constructor(private readonly dataSource: DataSource) {}

  onModuleInit(): void {
    this.dataSource.subscribers.push(this);
  }

  run(manager: EntityManager, work: () => Promise<void>): void {
    const go = () => void work().catch(() => undefined);
    const runner = manager.queryRunner;
    if (!runner?.isTransactionActive) return setImmediate(go) as unknown as void;
    const list = this.waiting.get(runner) ?? [];
    list.push(go);
    this.waiting.set(runner, list);
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    const list = this.waiting.get(event.queryRunner);
    this.waiting.delete(event.queryRunner);
    list?.forEach((go) => this.outside(go));
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    this.waiting.delete(event.queryRunner);
  }
}
