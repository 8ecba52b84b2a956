import { toRecordedEvent, type EventRow } from './event-rows';
import { defineEvent } from './events';
import {
  registerUpcaster,
  schemaVersionOf,
  storedTypesOf,
  unregisterUpcaster,
  upcast,
  type Upcaster,
} from './upcasters';

const row = (type: string, schemaVersion: number, data: unknown): EventRow => ({
  global_position: '7',
  transaction_id: '100',
  event_id: '00000000-0000-4000-8000-000000000007',
  stream_id: 's-1',
  stream_version: '1',
  type,
  schema_version: schemaVersion,
  data,
  metadata: { apiKey: 'k' },
  created_at: new Date(0),
});

describe('upcasters', () => {
  const registered: Upcaster[] = [];
  const register = (u: Upcaster) => {
    registerUpcaster(u);
    registered.push(u);
  };
  afterEach(() => registered.splice(0).forEach(unregisterUpcaster));

  it('leaves an event with no upcaster as stored', () => {
    const event = toRecordedEvent(row('spec.plain', 1, { a: 1 }));
    expect(event).toMatchObject({ type: 'spec.plain', schemaVersion: 1, data: { a: 1 } });
  });

  it('chains v1 → v2 → v3 on every read through toRecordedEvent', () => {
    register({
      type: 'spec.named',
      schemaVersion: 1,
      upcast: (e) => ({ ...e, schemaVersion: 2, data: { fullName: (e.data as any).name } }),
    });
    register({
      type: 'spec.named',
      schemaVersion: 2,
      upcast: (e) => {
        const [first, last] = (e.data as any).fullName.split(' ');
        return { ...e, schemaVersion: 3, data: { first, last } };
      },
    });
    const event = toRecordedEvent(row('spec.named', 1, { name: 'Ada Lovelace' }));
    expect(event).toMatchObject({
      type: 'spec.named',
      schemaVersion: 3,
      data: { first: 'Ada', last: 'Lovelace' },
      globalPosition: '7',
      metadata: { apiKey: 'k' },
    });
    // A v2 event starts in the middle of the chain.
    expect(upcast(toRecordedEvent(row('spec.named', 2, { fullName: 'A B' }))).data).toEqual({
      first: 'A',
      last: 'B',
    });
  });

  it('reads an old type as a new one, and subscriptions to the new type ask for the old', () => {
    register({
      type: 'spec.old',
      schemaVersion: 1,
      newType: 'spec.new',
      upcast: (e) => ({ ...e, type: 'spec.new', schemaVersion: 2, data: { v: 2 } }),
    });
    const event = toRecordedEvent(row('spec.old', 1, { v: 1 }));
    expect(event).toMatchObject({ type: 'spec.new', schemaVersion: 2, data: { v: 2 } });
    expect(storedTypesOf(['spec.new']).sort()).toEqual(['spec.new', 'spec.old']);
    expect(storedTypesOf(['spec.other'])).toEqual(['spec.other']);
  });

  it('refuses an undeclared type change and a loop', () => {
    register({
      type: 'spec.sneaky',
      schemaVersion: 1,
      upcast: (e) => ({ ...e, type: 'spec.elsewhere', schemaVersion: 2 }),
    });
    expect(() => toRecordedEvent(row('spec.sneaky', 1, {}))).toThrow(/newType/);
    register({ type: 'spec.loop', schemaVersion: 1, upcast: (e) => ({ ...e }) });
    expect(() => toRecordedEvent(row('spec.loop', 1, {}))).toThrow(/loop/);
  });

  it('defineEvent declares the schema version appends write (1 by default)', () => {
    const V3 = defineEvent<{ a: number }>()('spec.versioned', { schemaVersion: 3 });
    defineEvent<{ a: number }>()('spec.unversioned');
    expect(V3.schemaVersion).toBe(3);
    expect(schemaVersionOf('spec.versioned')).toBe(3);
    expect(schemaVersionOf('spec.unversioned')).toBe(1);
  });
});
