// Public surface of the email library.
export * from './email.module';
