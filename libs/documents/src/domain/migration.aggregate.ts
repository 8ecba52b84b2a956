import { Aggregate, streamId, streamTarget } from '@app/event-store';
import {
  MigrationCompleted,
  MigrationDocumentMoved,
  MigrationFailed,
  MigrationRequested,
  MigrationStarted,
  type MigrationEvent,
} from './migration.events';

export const MIGRATION_STREAM_TYPE = 'document-migration';
export const migrationStream = (apiKey: string, migrationId: string) =>
  streamId(MIGRATION_STREAM_TYPE, apiKey, migrationId);

export type MigrationStatus = 'pending' | 'in_progress' | 'completed' | 'failed';

/**
 * The state of one document migration (D6.7): pending → in_progress → completed | failed.
 * Each transition is allowed once, so a step that runs twice decides nothing the second time.
 * `documentMoved` marks the half-way point inside in_progress: the document is under its new
 * id, and completion waits until its data is too.
 */
export class Migration extends Aggregate<MigrationEvent> {
  status?: MigrationStatus;
  organizationId = '';
  documentId = '';
  newDocumentId = '';
  documentMoved = false;

  constructor(
    readonly apiKey: string,
    readonly migrationId: string,
  ) {
    super();
  }

  request(organizationId: string, documentId: string, newDocumentId: string, at: number): void {
    if (this.status) return;
    this.raise(
      MigrationRequested({ ...this.ref(), organizationId, documentId, newDocumentId, at }),
    );
  }

  /** True when this call moved the migration to in_progress. */
  start(at: number): boolean {
    if (this.status !== 'pending') return false;
    this.raise(MigrationStarted({ ...this.ref(), at }));
    return true;
  }

  markDocumentMoved(at: number): void {
    if (this.status === 'in_progress' && !this.documentMoved) {
      this.raise(MigrationDocumentMoved({ ...this.ref(), at }));
    }
  }

  complete(at: number): void {
    if (this.status === 'in_progress') this.raise(MigrationCompleted({ ...this.ref(), at }));
  }

  fail(error: string, at: number): void {
    if (this.status === 'pending' || this.status === 'in_progress') {
      this.raise(MigrationFailed({ ...this.ref(), error, at }));
    }
  }

  private ref() {
    return { apiKey: this.apiKey, migrationId: this.migrationId };
  }

  protected when(event: MigrationEvent): void {
    if (MigrationRequested.is(event)) {
      this.status = 'pending';
      ({
        organizationId: this.organizationId,
        documentId: this.documentId,
        newDocumentId: this.newDocumentId,
      } = event.data);
    } else if (MigrationStarted.is(event)) this.status = 'in_progress';
    else if (MigrationDocumentMoved.is(event)) this.documentMoved = true;
    else if (MigrationCompleted.is(event)) this.status = 'completed';
    else if (MigrationFailed.is(event)) this.status = 'failed';
  }
}

export const migrationTarget = (apiKey: string, migrationId: string) =>
  streamTarget(
    MIGRATION_STREAM_TYPE,
    migrationStream(apiKey, migrationId),
    () => new Migration(apiKey, migrationId),
  );
