// Public surface of the notifications library.
export * from './notifications.module';
export type { NotificationContent, NotificationUser } from './domain/notification.events';
export { SetNotificationSettingsCommand } from './application/set-notification-settings/set-notification-settings.command';
export { NotificationAdded } from './domain/notification.events';
export { NotificationSettingsReader } from './application/common/notification-settings.reader';
export { fillTemplate } from './domain/default-messages';
export {
  COMMENT_SOURCE,
  DERIVED_NOTIFICATIONS_ACTOR,
  type DerivedActivity,
} from './domain/derived-activity';
export type { DigestData } from './application/derived-notifications/derived-content';
