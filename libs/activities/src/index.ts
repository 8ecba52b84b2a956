// Public surface of the activities library.
export * from './activities.module';
