// Public surface of the user data deletion (GDPR) library.
export * from './gdpr.module';
