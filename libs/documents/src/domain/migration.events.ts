import { defineEvent, type EventOf } from '@app/event-store';

interface MigrationRef {
  apiKey: string;
  migrationId: string;
}

export const MigrationRequested = defineEvent<
  MigrationRef & { organizationId: string; documentId: string; newDocumentId: string; at: number }
>()('documents.migration-requested');

export const MigrationStarted = defineEvent<MigrationRef & { at: number }>()(
  'documents.migration-started',
);

/** The document is under its new id; its data follows (the migration stays in_progress). */
export const MigrationDocumentMoved = defineEvent<MigrationRef & { at: number }>()(
  'documents.migration-document-moved',
);

export const MigrationCompleted = defineEvent<MigrationRef & { at: number }>()(
  'documents.migration-completed',
);

export const MigrationFailed = defineEvent<MigrationRef & { error: string; at: number }>()(
  'documents.migration-failed',
);

export const MIGRATION_EVENTS = {
  MigrationRequested,
  MigrationStarted,
  MigrationDocumentMoved,
  MigrationCompleted,
  MigrationFailed,
};
export type MigrationEvent = EventOf<typeof MIGRATION_EVENTS>;
