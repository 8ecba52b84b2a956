import { Aggregate, streamId } from '@app/event-store';
import { DomainError } from '@app/platform';
import { MAX_CHANNELS, type ChannelSettings } from './channel-levels';
import {
  NotificationSettingsMoved,
  NotificationSettingsSet,
  type NotificationSettingsEvent,
  type NotificationSettingsRef,
} from './notification-settings.events';

export const NOTIFICATION_SETTINGS_STREAM_TYPE = 'notification-settings';
export const notificationSettingsStream = (ref: NotificationSettingsRef) =>
  streamId(
    NOTIFICATION_SETTINGS_STREAM_TYPE,
    ref.apiKey,
    ref.organizationId,
    ref.documentId === '' ? 'organization' : 'document',
    ref.documentId,
    ref.userId,
  );

export const SETTINGS_SET_MESSAGE = 'User config set successfully.';

/** A user's notification settings at one level: the organization, or one of its documents. */
export class UserNotificationSettings extends Aggregate<NotificationSettingsEvent> {
  channels: ChannelSettings = {};

  constructor(readonly ref: NotificationSettingsRef) {
    super();
  }

  /** Merges `channels` into the stored ones; a call that changes nothing raises nothing. */
  set(channels: ChannelSettings, at: number): void {
    const changed = Object.fromEntries(
      Object.entries(channels).filter(
        ([name, value]) => !Object.hasOwn(this.channels, name) || this.channels[name] !== value,
      ),
    );
    if (Object.keys(changed).length === 0) return;
    const merged = { ...this.channels, ...changed };
    if (Object.keys(merged).length > MAX_CHANNELS) {
      const message = `user ${this.ref.userId} would have more than ${MAX_CHANNELS} channels`;
      throw new DomainError('INVALID_ARGUMENT', `data.config: ${message}`, {
        fields: [{ field: 'data.config', message }],
      });
    }
    this.raise(NotificationSettingsSet({ ...this.ref, channels: changed, at }));
  }

  /**
   * Its document was migrated (D6.7): the channels go to `target` (the same user at the new
   * id) unless the user set some there already, which stay; none are left here.
   */
  moveTo(target: UserNotificationSettings, at: number): void {
    if (Object.keys(this.channels).length === 0) return;
    if (Object.keys(target.channels).length === 0) target.set(this.channels, at);
    this.raise(
      NotificationSettingsMoved({
        ...this.ref,
        channels: this.channels,
        toDocumentId: target.ref.documentId,
        at,
      }),
    );
  }

  protected when(event: NotificationSettingsEvent): void {
    if (NotificationSettingsMoved.is(event)) this.channels = {};
    else this.channels = { ...this.channels, ...event.data.channels };
  }
}
