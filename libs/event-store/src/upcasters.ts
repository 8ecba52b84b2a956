import type { RecordedEvent } from './events';

/** Turns a stored event of an old type or schema version into its current form, purely. */
export interface Upcaster {
  type: string;
  schemaVersion: number;
  upcast: (e: RecordedEvent) => RecordedEvent;
}

const upcasters = new Map<string, Upcaster['upcast']>();
const keyOf = (type: string, schemaVersion: number) => `${type}@${schemaVersion}`;

/** Registers how events of `type` at `schemaVersion` are read from now on. */
export function registerUpcaster(upcaster: Upcaster): void {
  upcasters.set(keyOf(upcaster.type, upcaster.schemaVersion), upcaster.upcast);
}

/** The event as code reads it today: upcasters applied until none matches. */
export function upcast(e: RecordedEvent): RecordedEvent {
  let event = e;
  for (let fn = upcasters.get(keyOf(event.type, event.schemaVersion)); fn;) {
    event = fn(event);
    fn = upcasters.get(keyOf(event.type, event.schemaVersion));
  }
  return event;
}
