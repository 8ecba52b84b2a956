import { UserNotificationSettings } from '../../domain/notification-settings.aggregate';

const ref = { apiKey: 'key', organizationId: 'org', userId: 'u1' };

function stored(documentId: string, channels: Record<string, string>): UserNotificationSettings {
  const first = new UserNotificationSettings({ ...ref, documentId });
  first.set(channels, 1);
  return new UserNotificationSettings({ ...ref, documentId }).load(
    first.takePendingEvents() as never,
  );
}

describe('moving a document-level setting (D6.7)', () => {
  it('sets the channels on the new id and leaves none on the old', () => {
    const source = stored('old', { inbox: 'NONE', email: 'ALL' });
    const target = new UserNotificationSettings({ ...ref, documentId: 'new' });
    source.moveTo(target, 2);
    expect(target.channels).toEqual({ inbox: 'NONE', email: 'ALL' });
    expect(source.channels).toEqual({});
    expect(source.takePendingEvents().map((e) => e.type)).toEqual([
      'notifications.user-settings-moved',
    ]);
    expect(target.takePendingEvents().map((e) => e.data.channels)).toEqual([
      { inbox: 'NONE', email: 'ALL' },
    ]);
  });

  it('keeps what the user already set on the new id, and moves nothing twice', () => {
    const source = stored('old', { inbox: 'NONE' });
    const target = stored('new', { email: 'MINE' });
    source.moveTo(target, 2);
    expect(target.channels).toEqual({ email: 'MINE' });
    expect(target.takePendingEvents()).toEqual([]);
    expect(source.takePendingEvents()).toHaveLength(1);
    source.moveTo(target, 3);
    expect(source.takePendingEvents()).toEqual([]);
  });
});
