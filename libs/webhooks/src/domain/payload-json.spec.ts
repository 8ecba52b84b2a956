import { payloadJsonOf } from './payload-json';

describe('payloadJsonOf', () => {
  // Two elements a row: with one, jest would pass its `done` callback as `extra`.
  const cases: [Record<string, unknown>, Record<string, unknown> | undefined][] = [
    [{ event: 'comment.add', data: { text: 'a "quoted" — ✓', n: [1, { x: null }] } }, undefined],
    [{ event: 'comment.add' }, { recipients: [{ userId: 'u' }], commentText: 'plain' }],
    [{}, undefined],
    [{}, { recipients: [] }],
    [{ event: 'e' }, {}],
    [{ event: 'e', skipped: undefined }, { also: undefined }],
    // Keys that would repeat or move: written whole, as the spread would.
    [{ webhookId: 'theirs', event: 'e' }, undefined],
    [{ event: 'e', commentText: 'raw' }, { commentText: 'processed' }],
    [{ event: 'e', 2: 'index' }, { 1: 'first' }],
  ];

  it.each(cases)('writes what JSON.stringify of the spread writes: %j %j', (payload, extra) => {
    expect(payloadJsonOf('msg_1', payload, JSON.stringify(payload), extra)).toBe(
      JSON.stringify({ webhookId: 'msg_1', ...payload, ...extra }),
    );
  });
});
