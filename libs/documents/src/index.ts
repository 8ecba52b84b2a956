// Public surface of the documents library: the module and the events other modules react to.
export * from './documents.module';
export {
  DocumentDirectory,
  type DocumentRequest,
  type DocumentUse,
} from './application/common/document-directory';
export { DocumentDeleted, DocumentMigrated, type DocumentRef } from './domain/document.events';
export { documentMoveOf, type DocumentMove } from './domain/document-move';
export { refusedWhenDisabled } from './api/disabled-scope';
