import { byId, jsonType, shapeMismatches, withoutKeys } from '../support/hosted-shape';

// The shape matcher the hosted-compat suites use (test/support/hosted-shape.ts): a unit spec,
// named like the e2e specs only so that jest's patterns find it in this folder.
describe('hosted shape matcher', () => {
  const documented = {
    result: {
      status: 'success',
      message: 'text',
      data: [{ id: 'id', count: 1, ok: true, tags: ['tag'], owner: { name: 'name' } }],
      next: null,
    },
  };
  const answer = () => ({
    result: {
      status: 'success',
      message: 'Done.',
      data: [
        { id: 'a', count: 2, ok: false, tags: ['s'], owner: { name: 'x', extra: 1 }, more: 'ok' },
        { id: 'b', count: 0, ok: true, tags: ['t'], owner: { name: 'y' } },
      ],
      next: null,
    },
  });

  it('accepts an answer with every documented key, the same types and extra keys', () => {
    expect(shapeMismatches(answer(), documented)).toEqual([]);
  });

  it('names a missing key, at any depth', () => {
    const missing = answer();
    delete (missing.result.data[1].owner as { name?: string }).name;
    delete (missing.result as { message?: string }).message;
    expect(shapeMismatches(missing, documented)).toEqual([
      '$.result.message: missing (documented string)',
      '$.result.data[1].owner.name: missing (documented string)',
    ]);
  });

  it('names a type that differs, null and arrays included', () => {
    const wrong = answer() as unknown as { result: Record<string, unknown> };
    (wrong.result.data as Record<string, unknown>[])[0].count = '2';
    (wrong.result.data as Record<string, unknown>[])[1].tags = { 0: 't' };
    wrong.result.next = 'token';
    expect(shapeMismatches(wrong, documented)).toEqual([
      '$.result.data[0].count: documented number, got string "2"',
      '$.result.data[1].tags: documented array, got object {"0":"t"}',
      '$.result.next: documented null, got string "token"',
    ]);
  });

  it('compares every element with the first documented one, and wants elements when it has', () => {
    expect(shapeMismatches([{ a: 1 }, { a: 'x' }], [{ a: 1 }])).toEqual([
      '$[1].a: documented number, got string "x"',
    ]);
    expect(shapeMismatches([], [{ a: 1 }])).toEqual(['$: documented elements, got []']);
    expect(shapeMismatches([1, 'x'], [])).toEqual([]);
  });

  it('matches objects keyed by ids by their values, whatever the keys', () => {
    const item = byId({ success: true, id: 'id', message: 'text' });
    expect(
      shapeMismatches({ 'org-1': { success: true, id: 'org-1', message: 'ok', code: 'x' } }, item),
    ).toEqual([]);
    expect(shapeMismatches({ 'org-1': { success: 'yes', id: 'org-1' } }, item)).toEqual([
      '$["org-1"].success: documented boolean, got string "yes"',
      '$["org-1"].message: missing (documented string)',
    ]);
    expect(shapeMismatches({}, item)).toEqual(['$: documented an object keyed by ids, got {}']);
    expect(shapeMismatches([{}], item)).toEqual([
      '$: documented an object keyed by ids, got array [{}]',
    ]);
    expect(shapeMismatches({}, { data: item })).toEqual(['$.data: missing (documented object)']);
  });

  it('drops the keys a case states as differing, through arrays and maps, without changing the example', () => {
    const example = { result: { data: [{ id: 'id', x: 1 }], map: byId({ a: 1, b: 2 }), t: 't' } };
    const less = withoutKeys(example, 'result.t', 'result.data.x', 'result.map.b');
    expect(
      shapeMismatches({ result: { data: [{ id: 'a' }], map: { k: { a: 1 } } } }, less),
    ).toEqual([]);
    expect(
      shapeMismatches({ result: { data: [{ id: 'a' }], map: { k: { a: 1 } } } }, example),
    ).toHaveLength(3);
    expect(() => withoutKeys(example, 'result.nope')).toThrow('no key at result.nope');
  });

  it('tells JSON types apart', () => {
    expect([null, [], {}, 'a', 1, true, undefined].map(jsonType)).toEqual([
      'null',
      'array',
      'object',
      'string',
      'number',
      'boolean',
      'undefined',
    ]);
  });
});
