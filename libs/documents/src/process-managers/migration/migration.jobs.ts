/** The migration's steps as queue jobs; one id per step and migration, so a step runs once. */
export const MIGRATION_START_JOB = 'documents.migration-start';
export const MIGRATION_MOVE_JOB = 'documents.migration-move';
export const MIGRATION_SETTLE_JOB = 'documents.migration-settle';

export interface MigrationJobData {
  apiKey: string;
  migrationId: string;
}

export const migrationJobId = (step: string, migrationId: string) => `${step}:${migrationId}`;
