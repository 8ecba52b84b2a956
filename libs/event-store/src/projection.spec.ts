import { storedAsWritten } from './projection';
import { registerUpcaster, unregisterUpcaster, type Upcaster } from './upcasters';

describe('storedAsWritten', () => {
  const registered: Upcaster[] = [];
  const register = (u: Upcaster) => {
    registerUpcaster(u);
    registered.push(u);
  };
  afterEach(() => registered.splice(0).forEach(unregisterUpcaster));

  it('is true for types no upcaster reads into', () => {
    register({ type: 'spec.other', schemaVersion: 1, upcast: (e) => e });
    expect(storedAsWritten(['spec.arrived', 'spec.moved'])).toBe(true);
  });

  it('is false when an older form of one of the types is read through an upcaster', () => {
    register({ type: 'spec.moved', schemaVersion: 1, upcast: (e) => e });
    expect(storedAsWritten(['spec.arrived', 'spec.moved'])).toBe(false);
  });

  it('is false when another stored type is read as one of them', () => {
    register({
      type: 'spec.came',
      schemaVersion: 1,
      newType: 'spec.arrived',
      upcast: (e) => ({ ...e, type: 'spec.arrived', schemaVersion: 2 }),
    });
    expect(storedAsWritten(['spec.arrived'])).toBe(false);
  });
});
