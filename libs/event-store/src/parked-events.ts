import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { RecordedEvent } from './events';

/** An event a subscriber gave up on, kept with its last error for an operator. */
export interface ParkedEvent {
  id: string;
  subscriptionId: string;
  position: string;
  eventId: string;
  type: string;
  error: string;
  attempts: number;
  parkedAt: Date;
  retriedAt: Date | null;
}

const COLUMNS = `id, subscription_id, global_position, event_id, type, error, attempts, parked_at, retried_at`;

interface ParkedRow {
  id: string;
  subscription_id: string;
  global_position: string;
  event_id: string;
  type: string;
  error: string;
  attempts: number;
  parked_at: Date;
  retried_at: Date | null;
}

const toParkedEvent = (row: ParkedRow): ParkedEvent => ({
  id: String(row.id),
  subscriptionId: row.subscription_id,
  position: String(row.global_position),
  eventId: row.event_id,
  type: row.type,
  error: row.error,
  attempts: Number(row.attempts),
  parkedAt: new Date(row.parked_at),
  retriedAt: row.retried_at ? new Date(row.retried_at) : null,
});

/** The `parked_events` table. */
@Injectable()
export class ParkedEvents {
  constructor(private readonly dataSource: DataSource) {}

  /** Parks `event` for a subscription, in the caller's transaction (the checkpoint's). */
  async park(
    m: EntityManager,
    subscriptionId: string,
    event: RecordedEvent,
    error: string,
    attempts: number,
  ): Promise<void> {
    // A row already there (parked before, then the checkpoint was reset) takes the new error.
    await m.query(
      `INSERT INTO parked_events (subscription_id, global_position, transaction_id, event_id, type, error, attempts)
       VALUES ($1, $2, $3::xid8, $4, $5, $6, $7)
       ON CONFLICT (subscription_id, global_position) DO UPDATE
         SET error = EXCLUDED.error, attempts = parked_events.attempts + EXCLUDED.attempts,
             parked_at = now()`,
      [
        subscriptionId,
        event.globalPosition,
        event.transactionId,
        event.eventId,
        event.type,
        error,
        attempts,
      ],
    );
  }

  /** Every parked event, oldest first. */
  async list(): Promise<ParkedEvent[]> {
    const rows: ParkedRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM parked_events ORDER BY id`,
    );
    return rows.map(toParkedEvent);
  }

  /** One parked event; with `manager`, locked in its transaction (one retry at a time). */
  async find(id: string, m?: EntityManager): Promise<ParkedEvent | undefined> {
    if (!/^\d+$/.test(id)) return undefined;
    const rows: ParkedRow[] = await (m ?? this.dataSource).query(
      `SELECT ${COLUMNS} FROM parked_events WHERE id = $1${m ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0] && toParkedEvent(rows[0]);
  }

  async count(subscriptionId?: string): Promise<number> {
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM parked_events WHERE $1::text IS NULL OR subscription_id = $1`,
      [subscriptionId ?? null],
    );
    return Number(row.n);
  }

  async remove(id: string, m: EntityManager): Promise<void> {
    await m.query(`DELETE FROM parked_events WHERE id = $1`, [id]);
  }

  /** A retry that failed: the row stays, with the new error. */
  async retryFailed(id: string, error: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE parked_events SET error = $2, attempts = attempts + 1, retried_at = now() WHERE id = $1`,
      [id, error],
    );
  }
}
