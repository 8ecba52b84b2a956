// Public surface of the notifications library.
export * from './notifications.module';
export type { NotificationContent, NotificationUser } from './domain/notification.events';
export { SetNotificationSettingsCommand } from './application/set-notification-settings/set-notification-settings.command';
