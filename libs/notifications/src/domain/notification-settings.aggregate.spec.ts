import { DomainError } from '@app/platform';
import { MAX_CHANNELS } from './channel-levels';
import { UserNotificationSettings } from './notification-settings.aggregate';

const ref = { apiKey: 'key', organizationId: 'org', documentId: '', userId: 'u1' };

function stored(channels: Record<string, string>): UserNotificationSettings {
  const first = new UserNotificationSettings(ref);
  first.set(channels, 1);
  return new UserNotificationSettings(ref).load(first.takePendingEvents() as never);
}

describe('UserNotificationSettings', () => {
  it('merges channels and raises only those that changed', () => {
    const settings = stored({ inbox: 'ALL', email: 'NONE' });
    settings.set({ inbox: 'ALL', email: 'MINE', slack: 'DIGEST' }, 2);
    expect(settings.takePendingEvents().map((e) => e.data.channels)).toEqual([
      { email: 'MINE', slack: 'DIGEST' },
    ]);
    expect(settings.channels).toEqual({ inbox: 'ALL', email: 'MINE', slack: 'DIGEST' });
  });

  it('raises nothing when nothing changes', () => {
    const settings = stored({ inbox: 'NONE' });
    settings.set({ inbox: 'NONE' }, 2);
    settings.set({}, 3);
    expect(settings.takePendingEvents()).toEqual([]);
  });

  it(`refuses a merge that would hold more than ${MAX_CHANNELS} channels`, () => {
    const names = (from: number, count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, i) => [`c${from + i}`, 'ALL']));
    const settings = stored(names(0, MAX_CHANNELS - 1));
    expect(() => settings.set(names(MAX_CHANNELS - 1, 1), 2)).not.toThrow();
    expect(() => settings.set(names(MAX_CHANNELS, 1), 3)).toThrow(DomainError);
    expect(settings.takePendingEvents()).toHaveLength(1);
  });
});
