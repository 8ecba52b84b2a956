// Public surface of the notifications library.
export * from './notifications.module';
