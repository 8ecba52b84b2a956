// Public surface of the users library.
export * from './users.module';
export { UserRecordEraser } from './erasure/user-record-eraser';
export { KNOWN_AUTHORS_SUBSCRIPTION } from './application/known-authors/known-authors.subscriber';
