import { ACTIVITY_COMMENT_TRIGGERS, applyActivityConfig } from './activity-config';

const NOW = 1_700_000_000_000;
const SEEDED = Object.fromEntries(ACTIVITY_COMMENT_TRIGGERS.map((t) => [t, true]));

describe('applyActivityConfig (D7.4)', () => {
  it('seeds the comment triggers, immutable records and enabledTime on the first enable', () => {
    expect(applyActivityConfig({ isEnabled: false }, false, { isEnabled: true }, NOW)).toEqual({
      isEnabled: true,
      enabledTime: NOW,
      immutable: true,
      triggers: { comment: SEEDED },
    });
  });

  it('puts the request on top of the seeded defaults', () => {
    const next = applyActivityConfig(
      { isEnabled: false },
      false,
      {
        isEnabled: true,
        immutable: false,
        enabledTime: 5,
        triggers: { comment: { 'comment.add': false }, custom: { 'task.done': true } },
      },
      NOW,
    );
    expect(next).toEqual({
      isEnabled: true,
      enabledTime: 5,
      immutable: false,
      triggers: { comment: { ...SEEDED, 'comment.add': false }, custom: { 'task.done': true } },
    });
  });

  it('keeps what was written while the service was off over the seeded defaults', () => {
    const written = applyActivityConfig(
      { isEnabled: false },
      false,
      { immutable: false, triggers: { comment: { 'comment.delete': false } } },
      NOW,
    );
    expect(written).toEqual({
      isEnabled: false,
      immutable: false,
      triggers: { comment: { 'comment.delete': false } },
    });
    expect(applyActivityConfig(written, false, { isEnabled: true }, NOW)).toEqual({
      isEnabled: true,
      enabledTime: NOW,
      immutable: false,
      triggers: { comment: { ...SEEDED, 'comment.delete': false } },
    });
  });

  it('seeds a key that was only ever switched off', () => {
    const off = applyActivityConfig({ isEnabled: false }, false, { isEnabled: false }, NOW);
    expect(off).toEqual({ isEnabled: false });
    expect(applyActivityConfig(off, false, { isEnabled: true }, NOW)).toMatchObject({
      immutable: true,
      triggers: { comment: SEEDED },
    });
  });

  it('never seeds again once the key was on, and keeps enabledTime across a re-enable', () => {
    const current = {
      isEnabled: false,
      enabledTime: 7,
      immutable: false,
      triggers: { comment: { 'comment.add': false } },
    };
    expect(applyActivityConfig(current, true, { isEnabled: true }, NOW)).toEqual({
      ...current,
      isEnabled: true,
    });
  });

  it('stamps enabledTime on an enable only when the key has none', () => {
    expect(applyActivityConfig({ isEnabled: false }, true, { isEnabled: true }, NOW)).toEqual({
      isEnabled: true,
      enabledTime: NOW,
    });
    expect(applyActivityConfig({ isEnabled: false }, false, { immutable: true }, NOW)).toEqual({
      isEnabled: false,
      immutable: true,
    });
  });

  it('merges triggers group by group and action by action; omitted fields are kept', () => {
    const current = {
      isEnabled: true,
      enabledTime: 7,
      immutable: true,
      triggers: { comment: { 'comment.add': true, 'comment.delete': true }, x: { a: true } },
    };
    expect(
      applyActivityConfig(
        current,
        true,
        { triggers: { comment: { 'comment.delete': false }, y: { b: false } } },
        NOW,
      ),
    ).toEqual({
      ...current,
      triggers: {
        comment: { 'comment.add': true, 'comment.delete': false },
        x: { a: true },
        y: { b: false },
      },
    });
    expect(applyActivityConfig(current, true, { isEnabled: false }, NOW)).toEqual({
      ...current,
      isEnabled: false,
    });
  });

  it('takes a group named like a prototype key as data, never as a prototype', () => {
    const triggers = JSON.parse('{"__proto__": {"polluted": true}}');
    const next = applyActivityConfig({ isEnabled: true }, true, { triggers }, NOW);
    expect(Object.hasOwn(next.triggers!, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(next.triggers)).toBe(Object.prototype);
  });
});
