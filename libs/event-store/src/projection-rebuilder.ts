import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { EVENT_COLUMNS, toRecordedEvent, type EventRow } from './event-rows';
import { EventStore } from './event-store';
import type { RecordedEvent } from './events';
import { projectionName, type InlineProjection } from './projection';
import { storedTypesOf } from './upcasters';

const BATCH_SIZE = 1000;

export interface RebuildResult {
  name: string;
  tables: readonly string[];
  events: number;
  ms: number;
}

const quoted = (table: string) => `"${table.replace(/"/g, '""')}"`;

/**
 * Empties a projection's tables and replays the log into them, in one transaction. The
 * tables are locked in EXCLUSIVE mode first: commands that write them wait until the
 * rebuild commits (then project their own events onto the rebuilt rows), while queries go
 * on reading the old rows, which the commit swaps for the new ones at once. Hence DELETE, not
 * TRUNCATE: TRUNCATE's ACCESS EXCLUSIVE lock would stall every read for the whole replay.
 *
 * Every query runs on the transaction's EntityManager: on the embedded database (one
 * connection) a query on the DataSource inside the transaction would wait for ever.
 */
@Injectable()
export class ProjectionRebuilder {
  constructor(
    private readonly dataSource: DataSource,
    private readonly store: EventStore,
  ) {}

  names(): string[] {
    return this.store.inlineProjections.map(projectionName).sort();
  }

  /** Undefined when no projection has that name. */
  async rebuild(name: string): Promise<RebuildResult | undefined> {
    const projection = this.store.inlineProjections.find((p) => projectionName(p) === name);
    if (!projection) return undefined;
    const start = Date.now();
    const events = await this.dataSource.transaction(async (m) => {
      await m.query(`LOCK TABLE ${projection.tables.map(quoted).join(', ')} IN EXCLUSIVE MODE`);
      for (const table of projection.tables) await m.query(`DELETE FROM ${quoted(table)}`);
      return this.replay(projection, m);
    });
    return { name, tables: projection.tables, events, ms: Date.now() - start };
  }

  /**
   * The projection's events in the order they were written (global_position: within a
   * stream it follows the versions; commit order by transaction id may not, as a transaction
   * gets its id at its first write, which for a subscriber is its checkpoint lock), through
   * the upcasters, handed over one append at a time as the append did: a projection may write
   * one statement per call that cannot touch a row twice (an upsert), so two appends of the
   * same stream must not share a call.
   */
  private async replay(projection: InlineProjection, m: EntityManager): Promise<number> {
    const types = storedTypesOf(projection.handles);
    let after = '0';
    const group = new AppendGroup();
    let count = 0;
    for (;;) {
      const rows: EventRow[] = await m.query(
        `SELECT ${EVENT_COLUMNS} FROM events
         WHERE global_position > $1::bigint AND type = ANY($2::text[])
         ORDER BY events.global_position LIMIT ${BATCH_SIZE}`,
        [after, types],
      );
      for (const event of rows.map(toRecordedEvent)) {
        if (!group.takes(event)) await this.project(projection, group.flush(), m);
        group.add(event);
      }
      count += rows.length;
      if (rows.length < BATCH_SIZE) break;
      after = String(rows[rows.length - 1].global_position);
    }
    await this.project(projection, group.flush(), m);
    return count;
  }

  private async project(projection: InlineProjection, events: RecordedEvent[], m: EntityManager) {
    const mine = events.filter((e) => projection.handles.includes(e.type));
    if (mine.length > 0) await projection.project(mine, m);
  }
}

/**
 * The events of one append, as near as the log tells: one transaction, each stream's events
 * together (an append writes them so); a stream seen again after another starts a new one.
 */
class AppendGroup {
  private events: RecordedEvent[] = [];
  private readonly streams = new Set<string>();

  takes(event: RecordedEvent): boolean {
    const previous = this.events[this.events.length - 1];
    if (!previous) return true;
    if (previous.transactionId !== event.transactionId) return false;
    return previous.streamId === event.streamId || !this.streams.has(event.streamId);
  }

  add(event: RecordedEvent): void {
    this.events.push(event);
    this.streams.add(event.streamId);
  }

  flush(): RecordedEvent[] {
    const events = this.events;
    this.events = [];
    this.streams.clear();
    return events;
  }
}
