import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { OrganizationsModule } from '@app/organizations';
import { DocumentsController } from './api/documents.controller';
import { AddDocumentsHandler } from './application/add-documents/add-documents.handler';
import { DeleteDocumentsHandler } from './application/delete-documents/delete-documents.handler';
import { FolderDocumentsSubscriber } from './application/folder-deleted/folder-documents.subscriber';
import { OrganizationDocumentsSubscriber } from './application/organization-deleted/organization-documents.subscriber';
import { GetDocumentsHandler } from './application/get-documents/get-documents.handler';
import { GetMigrationStatusHandler } from './application/get-migration-status/get-migration-status.handler';
import { DocumentDirectory } from './application/common/document-directory';
import { MoveDocumentsHandler } from './application/move-documents/move-documents.handler';
import { StartMigrationHandler } from './application/start-migration/start-migration.handler';
import { UpdateDocumentAccessHandler } from './application/update-document-access/update-document-access.handler';
import { UpdateDocumentDisableStateHandler } from './application/update-document-disable-state/update-document-disable-state.handler';
import { UpdateDocumentsHandler } from './application/update-documents/update-documents.handler';
import { MigrationProcessManager } from './process-managers/migration/migration.process-manager';
import { DocumentProjection } from './read-models/document.projection';
import { MigrationProjection } from './read-models/migration.projection';
import { Migrations } from '@app/platform';
import { Documents1763856000004 } from './migrations/1763856000004-documents';
import { DocumentsFolderIndex1764300000032 } from './migrations/1764300000032-documents-folder-index';

@Migrations(Documents1763856000004, DocumentsFolderIndex1764300000032)
@Module({
  imports: [CqrsModule, OrganizationsModule],
  controllers: [DocumentsController],
  providers: [
    DocumentProjection,
    MigrationProjection,
    AddDocumentsHandler,
    GetDocumentsHandler,
    DeleteDocumentsHandler,
    UpdateDocumentsHandler,
    MoveDocumentsHandler,
    UpdateDocumentAccessHandler,
    UpdateDocumentDisableStateHandler,
    StartMigrationHandler,
    GetMigrationStatusHandler,
    MigrationProcessManager,
    DocumentDirectory,
    OrganizationDocumentsSubscriber,
    FolderDocumentsSubscriber,
  ],
  exports: [DocumentDirectory],
})
export class DocumentsModule {}
