import { newEventId } from './event-id';

describe('newEventId', () => {
  it('is a version 7 UUID carrying the time it was made', () => {
    const id = newEventId(0x0123456789ab);
    expect(id).toMatch(/^01234567-89ab-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('sorts by time, and ids of one millisecond differ', () => {
    const ids = [1, 2, 3].map((ms) => newEventId(1_700_000_000_000 + ms));
    expect([...ids].sort()).toEqual(ids);
    const sameTime = new Set(Array.from({ length: 1000 }, () => newEventId(5)));
    expect(sameTime.size).toBe(1000);
  });
});
