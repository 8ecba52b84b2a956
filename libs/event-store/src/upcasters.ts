import type { RecordedEvent } from './events';

/**
 * Turns a stored event of (`type`, `schemaVersion`) into a newer form: a later schema
 * version, and maybe another type (then name it in `newType`, so subscriptions that filter
 * by type in SQL also read the old one). Upcasters chain until none matches.
 */
export interface Upcaster {
  type: string;
  schemaVersion: number;
  newType?: string;
  upcast(event: RecordedEvent): RecordedEvent;
}

// Module-level like the event definitions: pure read paths (toRecordedEvent) apply them.
const upcasters = new Map<string, Upcaster>();
const currentVersions = new Map<string, number>();
const keyOf = (type: string, schemaVersion: number) => `${type}@${schemaVersion}`;

/** Registers an upcaster; one per (type, schema version). */
export function registerUpcaster(upcaster: Upcaster): void {
  const key = keyOf(upcaster.type, upcaster.schemaVersion);
  const known = upcasters.get(key);
  if (known && known !== upcaster) throw new Error(`Two upcasters for ${key}`);
  upcasters.set(key, upcaster);
}

/** Forgets an upcaster (tests that register their own). */
export function unregisterUpcaster(upcaster: Pick<Upcaster, 'type' | 'schemaVersion'>): void {
  upcasters.delete(keyOf(upcaster.type, upcaster.schemaVersion));
}

/** Records the schema version appends write for `type` (defineEvent does it). */
export function setSchemaVersion(type: string, schemaVersion: number): void {
  const known = currentVersions.get(type);
  if (known !== undefined && known !== schemaVersion) {
    throw new Error(`Event ${type} declared with schema versions ${known} and ${schemaVersion}`);
  }
  currentVersions.set(type, schemaVersion);
}

/** The schema version an event of `type` is appended with (1 unless declared). */
export const schemaVersionOf = (type: string): number => currentVersions.get(type) ?? 1;

/** A stored event in its current form: every matching upcaster in turn. */
export function upcast(event: RecordedEvent): RecordedEvent {
  if (upcasters.size === 0) return event;
  const seen = new Set<string>();
  for (;;) {
    const key = keyOf(event.type, event.schemaVersion);
    const upcaster = upcasters.get(key);
    if (!upcaster) return event;
    if (seen.has(key)) throw new Error(`Upcasters loop at ${key}`);
    seen.add(key);
    const next = upcaster.upcast(event);
    if (next.type !== (upcaster.newType ?? upcaster.type)) {
      throw new Error(`Upcaster of ${key} made ${next.type}; declare it as newType`);
    }
    event = next;
  }
}

/**
 * The stored types read as one of `types`: those and every older type an upcaster chain
 * turns into one of them (a subscription's SQL filter must ask for those too).
 */
export function storedTypesOf(types: readonly string[]): string[] {
  const result = new Set(types);
  for (let grown = true; grown;) {
    grown = false;
    for (const u of upcasters.values()) {
      if (u.newType && result.has(u.newType) && !result.has(u.type)) {
        result.add(u.type);
        grown = true;
      }
    }
  }
  return [...result];
}

/** `type@version` keys with an upcaster: rows in those need reading before a rewrite. */
export const upcastKeys = (): string[] => [...upcasters.keys()];
