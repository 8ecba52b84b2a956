// Public surface of the user data deletion (GDPR) library.
export * from './gdpr.module';
export { Gdpr1763856000007 } from './migrations/1763856000007-gdpr';
