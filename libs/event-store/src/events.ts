import { setSchemaVersion } from './upcasters';

/** A domain event as an aggregate decides it: a stable type string and a JSON payload. */
export interface DomainEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

/** Who and what caused an event; stored with every event (ARCHITECTURE "Event store"). */
export interface EventMetadata {
  workspaceId?: string;
  apiKey?: string;
  requestId?: string;
  causationId?: string;
  actor?: string;
}

/** An event as stored: its place in the log and in its stream. */
export interface RecordedEvent<E extends DomainEvent = DomainEvent> {
  globalPosition: string;
  transactionId: string;
  eventId: string;
  streamId: string;
  streamVersion: number;
  type: E['type'];
  schemaVersion: number;
  data: E['data'];
  metadata: EventMetadata;
  createdAt: Date;
}

export interface EventDefinition<T extends string, D> {
  (data: D): DomainEvent<T, D>;
  readonly type: T;
  /** The schema version appends write; older stored versions are upcast on read. */
  readonly schemaVersion: number;
  is(event: { type: string }): event is DomainEvent<T, D> & RecordedEvent<DomainEvent<T, D>>;
}

/**
 * Declares an event with a stable type string (never derived from a class name):
 * `const DomainsAdded = defineEvent<{ domains: string[] }>()('workspaces.domains-added')`.
 * A changed payload gets a new `schemaVersion` (default 1) and an upcaster from the old one.
 */
export function defineEvent<D>() {
  return <T extends string>(
    type: T,
    { schemaVersion = 1 }: { schemaVersion?: number } = {},
  ): EventDefinition<T, D> => {
    setSchemaVersion(type, schemaVersion);
    const create = (data: D): DomainEvent<T, D> => ({ type, data });
    // `event instanceof Definition` (and so `ofType(Definition)` in a saga) tests the type.
    Object.defineProperty(create, Symbol.hasInstance, {
      value: (event: unknown) => (event as { type?: unknown } | null)?.type === type,
    });
    return Object.assign(create, {
      type,
      schemaVersion,
      is: (event: { type: string }): event is any => event.type === type,
    }) as EventDefinition<T, D>;
  };
}

/** An event of a definition as stored and delivered: `RecordedOf<typeof TaskCompleted>`. */
export type RecordedOf<Def extends EventDefinition<string, any>> = RecordedEvent<ReturnType<Def>>;

/** The union of the events a set of definitions creates. */
export type EventOf<Defs extends Record<string, (data: any) => DomainEvent>> = ReturnType<
  Defs[keyof Defs]
>;
