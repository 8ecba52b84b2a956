import type { RecordedEvent } from './events';
import { upcast } from './upcasters';

export interface EventRow {
  global_position: string;
  transaction_id: string;
  event_id: string;
  stream_id: string;
  stream_version: string;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: Record<string, string>;
  created_at: Date;
}

/**
 * The columns of an event read. `transaction_id` comes out as text (xid8 has no JS type), so
 * a query that selects these must order by `events.transaction_id`: a bare
 * `ORDER BY transaction_id` names the text output column and sorts '1036' before '776'.
 */
export const EVENT_COLUMNS =
  'global_position, transaction_id::text AS transaction_id, event_id, stream_id, stream_version, type, schema_version, data, metadata, created_at';

/** A stored row as readers see it: in its current form, through the upcasters. */
export function toRecordedEvent(row: EventRow): RecordedEvent {
  return upcast({
    globalPosition: String(row.global_position),
    transactionId: String(row.transaction_id),
    eventId: row.event_id,
    streamId: row.stream_id,
    streamVersion: Number(row.stream_version),
    type: row.type,
    schemaVersion: row.schema_version,
    data: row.data,
    metadata: row.metadata,
    createdAt: new Date(row.created_at),
  });
}
