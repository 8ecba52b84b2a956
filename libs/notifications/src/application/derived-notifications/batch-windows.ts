import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { BatchWindow } from '../../domain/derived-batches';
import type { BatchScope } from '../../domain/derived-rules';

interface Row {
  batch_key: string;
  api_key: string;
  organization_id: string;
  scope: BatchScope;
  seq: number;
  notification_id: string;
  window_start: string;
  closes_at: string;
  activities: number;
  closed: boolean;
  last_transaction_id: string;
  last_position: string;
}

/**
 * The `notification_batches` table: each batching scope's latest window (D9.8). Read and
 * written by the derived-notifications subscriber alone, in its checkpoint's transaction, one
 * statement each way per batch of events.
 */
@Injectable()
export class BatchWindows {
  async load(manager: EntityManager, batchKeys: string[]): Promise<Map<string, BatchWindow>> {
    if (batchKeys.length === 0) return new Map();
    const rows: Row[] = await manager.query(
      `SELECT batch_key, api_key, organization_id, scope, seq, notification_id, window_start,
         closes_at, activities, closed, last_transaction_id::text AS last_transaction_id,
         last_position
       FROM notification_batches WHERE batch_key = ANY($1::text[])`,
      [batchKeys],
    );
    return new Map(
      rows.map((r) => [
        r.batch_key,
        {
          batchKey: r.batch_key,
          apiKey: r.api_key,
          organizationId: r.organization_id,
          scope: r.scope,
          seq: r.seq,
          notificationId: r.notification_id,
          windowStart: Number(r.window_start),
          closesAt: Number(r.closes_at),
          activities: r.activities,
          closed: r.closed,
          last: { transactionId: r.last_transaction_id, position: String(r.last_position) },
        },
      ]),
    );
  }

  async save(manager: EntityManager, windows: BatchWindow[]): Promise<void> {
    if (windows.length === 0) return;
    const rows = windows.map((w) => ({
      batch_key: w.batchKey,
      api_key: w.apiKey,
      organization_id: w.organizationId,
      scope: w.scope,
      seq: w.seq,
      notification_id: w.notificationId,
      window_start: w.windowStart,
      closes_at: w.closesAt,
      activities: w.activities,
      closed: w.closed,
      last_transaction_id: w.last.transactionId,
      last_position: w.last.position,
    }));
    await manager.query(
      `INSERT INTO notification_batches (batch_key, api_key, organization_id, scope, seq,
         notification_id, window_start, closes_at, activities, closed, last_transaction_id,
         last_position)
       SELECT r.batch_key, r.api_key, r.organization_id, r.scope, r.seq, r.notification_id,
         r.window_start, r.closes_at, r.activities, r.closed, r.last_transaction_id::xid8,
         r.last_position
       FROM json_to_recordset($1::json) AS r(batch_key text, api_key text,
         organization_id text, scope text, seq int, notification_id text, window_start bigint,
         closes_at bigint, activities int, closed boolean, last_transaction_id text,
         last_position bigint)
       ON CONFLICT (batch_key) DO UPDATE SET seq = excluded.seq,
         notification_id = excluded.notification_id, window_start = excluded.window_start,
         closes_at = excluded.closes_at, activities = excluded.activities,
         closed = excluded.closed, last_transaction_id = excluded.last_transaction_id,
         last_position = excluded.last_position`,
      [JSON.stringify(rows)],
    );
  }
}
