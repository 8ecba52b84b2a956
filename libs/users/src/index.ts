// Public surface of the users library.
export * from './users.module';
export { KNOWN_AUTHORS_SUBSCRIPTION } from './application/known-authors/known-authors.subscriber';
