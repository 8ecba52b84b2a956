import type { DataSource } from 'typeorm';
import { DeliveryClaims } from './claims';

const row = (attempts: number) => ({
  delivery_id: 'd1',
  api_key: 'key',
  destination: 'raw',
  endpoint_id: null,
  attempts,
  max_attempts: 8,
  sealed_payload: 'sealed',
});

describe('DeliveryClaims', () => {
  it('hands out once a delivery it holds whose claim lapsed and was claimed again', async () => {
    const answers = [[row(0)], [row(0)], [row(1)]];
    const claims = new DeliveryClaims({
      query: async () => answers.shift(),
    } as unknown as DataSource);
    expect((await claims.claim(10, [])).map((d) => d.attempts)).toEqual([0]);
    // Its renewal was late (a busy database): the claim statement takes it again.
    expect(await claims.claim(10, [])).toEqual([]);
    // Recorded and due again at its next attempt: a new claim.
    expect((await claims.claim(10, [])).map((d) => d.attempts)).toEqual([1]);
    expect(claims.held.size).toBe(1);
  });
});
