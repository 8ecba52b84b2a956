// Public surface of the collaboration library.
export * from './collaboration.module';
export { CollaborationEraser } from './erasure/collaboration-eraser';
export { RecordSaved, RECORD_KINDS, type RecordKind } from './domain/collab-record.events';
export { authorsOf } from './domain/kinds/record-kinds';
export { Collaboration1763856000006 } from './migrations/1763856000006-collaboration';
