import { DEFAULT_CHANNELS, effectiveLevel, effectiveSettings, levelOf } from './channel-levels';

describe('channel levels (D9.6)', () => {
  it('reads the three levels as they are and any other string as MINE', () => {
    expect(['ALL', 'MINE', 'NONE', 'DIGEST', 'all'].map(levelOf)).toEqual([
      'ALL',
      'MINE',
      'NONE',
      'MINE',
      'MINE',
    ]);
  });

  it('puts the document level over the organization level over the defaults', () => {
    expect(DEFAULT_CHANNELS).toEqual({ inbox: 'ALL', email: 'MINE' });
    expect(effectiveLevel('inbox')).toBe('ALL');
    expect(effectiveLevel('email')).toBe('MINE');
    expect(effectiveLevel('inbox', { inbox: 'NONE' })).toBe('NONE');
    expect(effectiveLevel('inbox', { inbox: 'NONE' }, { inbox: 'MINE' })).toBe('MINE');
    expect(effectiveLevel('email', { email: 'ALL' }, { inbox: 'NONE' })).toBe('ALL');
    expect(effectiveLevel('email', undefined, { email: 'NONE' })).toBe('NONE');
  });

  it('answers MINE for a channel set nowhere, and never reads an inherited property', () => {
    expect(effectiveLevel('slack')).toBe('MINE');
    expect(effectiveLevel('constructor', {}, {})).toBe('MINE');
    // `constructor` is a valid channel name: the empty document level must not hide it.
    expect(effectiveLevel('constructor', { constructor: 'NONE' }, {})).toBe('NONE');
    expect(effectiveLevel('toString')).toBe('MINE');
    expect(effectiveLevel('slack', { slack: 'DIGEST' })).toBe('MINE');
  });

  it('answers the settings in force with stored values as given', () => {
    expect(effectiveSettings()).toEqual({ inbox: 'ALL', email: 'MINE' });
    expect(
      effectiveSettings({ email: 'NONE', slack: 'DIGEST' }, { slack: 'ALL', teams: 'weekly' }),
    ).toEqual({ inbox: 'ALL', email: 'NONE', slack: 'ALL', teams: 'weekly' });
  });
});
