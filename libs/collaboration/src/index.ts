// Public surface of the collaboration library.
export * from './collaboration.module';
export { CollaborationEraser } from './erasure/collaboration-eraser';
export {
  RecordSaved,
  RecordDeleted,
  RECORD_KINDS,
  type RecordKind,
} from './domain/collab-record.events';
export { Collaboration1763856000006 } from './migrations/1763856000006-collaboration';
