import { Injectable, Optional, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { EventEmitter } from 'node:events';
import { Metrics } from '@app/platform';
import { DataSource, QueryFailedError, type EntityManager } from 'typeorm';
import { ConcurrencyError } from './concurrency.error';
import { newEventId } from './event-id';
import { EVENT_COLUMNS, toRecordedEvent, type EventRow } from './event-rows';
import type { DomainEvent, EventMetadata, RecordedEvent } from './events';
import { Projection, type InlineProjection } from './projection';
import { schemaVersionOf, upcastKeys } from './upcasters';
import { lockStreamRows } from './stream-row-locks';

/** Events for one stream, appended only if the stream is still at `expectedVersion` (0: new). */
export interface StreamAppend {
  streamId: string;
  streamType: string;
  expectedVersion: number;
  events: DomainEvent[];
}

const UNIQUE_VIOLATION = '23505';

/** An event row as the append sends it; `stream_type` only on the events of a new stream. */
interface EventRowInput {
  id: string;
  stream_id: string;
  version: number;
  type: string;
  schema_version: number;
  data: unknown;
  stream_type?: string;
}

/** What the database decides for an appended event. */
interface StoredEventRow {
  event_id: string;
  global_position: string;
  transaction_id: string;
  created_at: Date;
}

/**
 * The event log on Postgres. An append is one transaction: a conditional version bump per
 * stream, one multi-row insert of all events (however many streams), then the inline
 * projections, so the read tables never lag the log.
 */
@Injectable()
export class EventStore implements OnModuleInit {
  /**
   * Fires after a commit that appended events, with the set of their types: a wake-up for
   * the subscriptions of those types, not the log.
   */
  readonly appended = new EventEmitter();
  private projections: InlineProjection[] = [];
  /** Transactions that appended events, with their types: their commit wakes the subscriptions. */
  private readonly appendedIn = new WeakMap<EntityManager, string[]>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly discovery: DiscoveryService,
    @Optional() private readonly metrics?: Metrics,
  ) {}

  /** The inline projections found at start (the rebuilder replays the log into them). */
  get inlineProjections(): readonly InlineProjection[] {
    return this.projections;
  }

  onModuleInit(): void {
    this.projections = this.discovery
      .getProviders({ metadataKey: Projection.KEY })
      .map((wrapper) => wrapper.instance as InlineProjection)
      .filter(Boolean);
  }

  /**
   * Runs `work` in a transaction, or in the caller's when `manager` is given. After a commit
   * of its own that appended events it wakes the subscriptions (they are visible now).
   */
  async transaction<T>(
    work: (manager: EntityManager) => Promise<T>,
    manager?: EntityManager,
  ): Promise<T> {
    if (manager) return work(manager);
    let used: EntityManager | undefined;
    const result = await this.dataSource.transaction((m) => work((used = m)));
    const types = used && this.appendedIn.get(used);
    if (types) {
      for (const type of types) this.metrics?.eventsAppended.inc({ type });
      this.appended.emit('appended', new Set(types));
    }
    return result;
  }

  async append(
    appends: StreamAppend[],
    metadata: EventMetadata,
    manager?: EntityManager,
  ): Promise<RecordedEvent[]> {
    const nonEmpty = appends.filter((a) => a.events.length > 0);
    if (nonEmpty.length === 0) return [];
    // A new stream's row is written only with its type: without one the events would go in
    // and the stream would have no row to conflict on.
    const untyped = nonEmpty.find((a) => a.expectedVersion === 0 && !a.streamType);
    if (untyped) throw new Error(`Stream ${untyped.streamId} is created without a stream type`);
    // Successful appends, their commit included when the transaction is their own.
    const stopTimer = this.metrics?.appendDuration.startTimer();
    const appended = await this.transaction(async (m) => {
      let events: RecordedEvent[];
      try {
        await this.bumpExisting(m, nonEmpty);
        events = await this.insertEvents(m, nonEmpty, metadata);
      } catch (err) {
        // Only the stream and event keys are written here: a unique violation is a conflict.
        if (
          err instanceof QueryFailedError &&
          (err.driverError as { code?: string })?.code === UNIQUE_VIOLATION
        ) {
          throw new ConcurrencyError(nonEmpty.map((a) => a.streamId));
        }
        throw err;
      }
      await this.project(m, events);
      const types = this.appendedIn.get(m) ?? [];
      types.push(...events.map((e) => e.type));
      this.appendedIn.set(m, types);
      return events;
    }, manager);
    stopTimer?.();
    return appended;
  }

  /** Moves each existing stream on from its expected version; one that moved meanwhile conflicts. */
  private async bumpExisting(m: EntityManager, appends: StreamAppend[]): Promise<void> {
    const existing = appends.filter((a) => a.expectedVersion > 0);
    if (existing.length > 0) {
      // Row locks in stream id order, as a retry's row locks and the numbering take theirs:
      // the UPDATE below locks rows in plan order, and two appends of the same streams
      // locking in opposite orders would deadlock (retried, but after a second's stall).
      if (existing.length > 1)
        await lockStreamRows(
          m,
          existing.map((a) => a.streamId),
        );
      // Wrapped in a SELECT: TypeORM answers a bare UPDATE ... RETURNING as [rows, count].
      const updated: { stream_id: string }[] = await m.query(
        `WITH bumped AS (
           UPDATE streams s SET version = v.next
           FROM unnest($1::text[], $2::bigint[], $3::bigint[]) AS v(stream_id, expected, next)
           WHERE s.stream_id = v.stream_id AND s.version = v.expected
           RETURNING s.stream_id)
         SELECT stream_id FROM bumped`,
        [
          existing.map((a) => a.streamId),
          existing.map((a) => a.expectedVersion),
          existing.map((a) => a.expectedVersion + a.events.length),
        ],
      );
      if (updated.length !== existing.length) {
        const done = new Set(updated.map((r) => r.stream_id));
        throw new ConcurrencyError(
          existing.filter((a) => !done.has(a.streamId)).map((a) => a.streamId),
        );
      }
    }
  }

  private async insertEvents(
    m: EntityManager,
    appends: StreamAppend[],
    metadata: EventMetadata,
  ): Promise<RecordedEvent[]> {
    const pending: Omit<RecordedEvent, 'globalPosition' | 'transactionId' | 'createdAt'>[] = [];
    const rows: EventRowInput[] = [];
    const now = Date.now();
    for (const a of appends) {
      // A new stream's row is made from its events' rows: they carry its type.
      const streamType = a.expectedVersion === 0 ? a.streamType : undefined;
      a.events.forEach((event, i) => {
        const e = {
          eventId: newEventId(now),
          streamId: a.streamId,
          streamVersion: a.expectedVersion + i + 1,
          type: event.type,
          schemaVersion: schemaVersionOf(event.type),
          data: event.data,
          metadata,
        };
        pending.push(e);
        rows.push({
          id: e.eventId,
          stream_id: e.streamId,
          version: e.streamVersion,
          type: e.type,
          schema_version: e.schemaVersion,
          data: e.data,
          stream_type: streamType,
        });
      });
    }
    // One statement for every event of every stream, and the row of every new stream (the
    // primary key turns a concurrent creation into a unique violation), its rows in one JSON
    // parameter (cheaper to send and parse than arrays of escaped literals). Only what the
    // database decides comes back; the payloads are already here. The tenant goes in its own
    // indexed column too: erasure and per-tenant reads find a key's events without scanning
    // other tenants'.
    const stored: StoredEventRow[] = await m.query(
      `WITH e AS MATERIALIZED (
         SELECT * FROM json_to_recordset($1::json) AS e(id uuid, stream_id text, version bigint,
           type text, schema_version int, data jsonb, stream_type text)),
       created AS (
         INSERT INTO streams (stream_id, stream_type, version)
         SELECT stream_id, stream_type, max(version) FROM e WHERE stream_type IS NOT NULL
         GROUP BY stream_id, stream_type)
       INSERT INTO events (event_id, stream_id, stream_version, type, schema_version, data, metadata, api_key)
       SELECT e.id, e.stream_id, e.version, e.type, e.schema_version, e.data, $2::jsonb, $3::text
       FROM e
       RETURNING event_id, global_position, transaction_id::text AS transaction_id, created_at`,
      [JSON.stringify(rows), JSON.stringify(metadata), metadata.apiKey ?? null],
    );
    const byId = new Map(stored.map((row) => [row.event_id, row]));
    return pending.map((event) => {
      const row = byId.get(event.eventId)!;
      return {
        ...event,
        globalPosition: String(row.global_position),
        transactionId: String(row.transaction_id),
        createdAt: new Date(row.created_at),
      };
    });
  }

  private async project(m: EntityManager, events: RecordedEvent[]): Promise<void> {
    for (const projection of this.projections) {
      const mine = events.filter((e) => projection.handles.includes(e.type));
      if (mine.length > 0) await projection.project(mine, m);
    }
  }

  /**
   * Replaces the payloads of stored events. The log is append-only except for this: erasure
   * of personal data (D8.3) rewrites what events say about erased people. Read tables are
   * not re-projected; the caller appends the events that bring them up to date.
   *
   * `data` is in the current form (callers got it from a read, through the upcasters), so an
   * event stored in an older form also takes the type and schema version it was read as.
   */
  async rewrite(m: EntityManager, changes: { eventId: string; data: unknown }[]): Promise<void> {
    if (changes.length === 0) return;
    const current = await this.currentForms(
      m,
      changes.map((c) => c.eventId),
    );
    await m.query(
      `UPDATE events e SET data = x.data, type = COALESCE(x.type, e.type),
         schema_version = COALESCE(x.schema_version, e.schema_version)
       FROM json_to_recordset($1::json) AS x(event_id uuid, data jsonb, type text, schema_version int)
       WHERE e.event_id = x.event_id`,
      [
        JSON.stringify(
          changes.map((c) => ({
            event_id: c.eventId,
            data: c.data,
            type: current.get(c.eventId)?.type,
            schema_version: current.get(c.eventId)?.schemaVersion,
          })),
        ),
      ],
    );
  }

  /** Type and schema version, as read, of those events stored in a form an upcaster changes. */
  private async currentForms(
    m: EntityManager,
    eventIds: string[],
  ): Promise<Map<string, { type: string; schemaVersion: number }>> {
    const keys = upcastKeys();
    if (keys.length === 0) return new Map();
    const rows: EventRow[] = await m.query(
      `SELECT ${EVENT_COLUMNS} FROM events
       WHERE event_id = ANY($1::uuid[]) AND type || '@' || schema_version = ANY($2::text[])`,
      [eventIds, keys],
    );
    return new Map(
      rows
        .map(toRecordedEvent)
        .map((e) => [e.eventId, { type: e.type, schemaVersion: e.schemaVersion }]),
    );
  }

  /**
   * Removes whole streams, events and all: for streams whose very ids name an erased person
   * (a user record's stream), which no rewrite of payloads can clean (D8.3).
   */
  async purge(m: EntityManager, streamIds: string[]): Promise<void> {
    if (streamIds.length === 0) return;
    await m.query(`DELETE FROM events WHERE stream_id = ANY($1::text[])`, [streamIds]);
    await m.query(`DELETE FROM streams WHERE stream_id = ANY($1::text[])`, [streamIds]);
  }

  async readStream(streamId: string, manager?: EntityManager): Promise<RecordedEvent[]> {
    return (await this.readStreams([streamId], manager)).get(streamId) ?? [];
  }

  /** The events of many streams in one query (batch commands load all their aggregates at once). */
  async readStreams(
    streamIds: string[],
    manager?: EntityManager,
  ): Promise<Map<string, RecordedEvent[]>> {
    const byStream = new Map<string, RecordedEvent[]>();
    if (streamIds.length === 0) return byStream;
    const rows: EventRow[] = await (manager ?? this.dataSource.manager).query(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = ANY($1::text[]) ORDER BY stream_id, stream_version`,
      [streamIds],
    );
    for (const row of rows) {
      const event = toRecordedEvent(row);
      const list = byStream.get(event.streamId) ?? [];
      list.push(event);
      byStream.set(event.streamId, list);
    }
    return byStream;
  }
}
