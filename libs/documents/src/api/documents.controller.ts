import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { RequestData, Rpc, ServiceError } from '@app/platform';
import { ApiKeyAuth, Tenant, type ApiKeyTenant } from '@app/workspaces';
import { AddDocumentsCommand } from '../application/add-documents/add-documents.command';
import { DeleteDocumentsCommand } from '../application/delete-documents/delete-documents.command';
import { GetDocumentsQuery } from '../application/get-documents/get-documents.query';
import { GetMigrationStatusQuery } from '../application/get-migration-status/get-migration-status.query';
import { StartMigrationCommand } from '../application/start-migration/start-migration.command';
import { AddDocumentsRequest } from './dto/add-documents.request';
import { DeleteDocumentsRequest } from './dto/delete-documents.request';
import { GetDocumentsRequest } from './dto/get-documents.request';
import { MigrateDocumentRequest } from './dto/migrate-document.request';
import { MigrationStatusRequest } from './dto/migration-status.request';

/** Document operations: spec 10, 11, 12 and 14, and the migration start of D6.7. */
@ApiTags('documents')
@Controller()
export class DocumentsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /** Operation 10. */
  @Rpc('v2/organizations/documents/add', {
    message: 'Document(s) added successfully.',
    data: AddDocumentsRequest,
  })
  @ApiKeyAuth()
  add(@Tenant() tenant: ApiKeyTenant, @RequestData() data: AddDocumentsRequest) {
    return this.commands.execute(
      new AddDocumentsCommand(tenant, {
        organizationId: data.organizationId,
        createOrganization: data.createOrganization ?? false,
        folderId: data.folderId,
        createFolder: data.createFolder ?? false,
        documents: data.documents,
      }),
    );
  }

  /** Operation 11. */
  @Rpc('v1/organizations/documents/get', {
    message: 'Document(s) retrieved successfully.',
    data: GetDocumentsRequest,
  })
  @ApiKeyAuth()
  get(@Tenant() tenant: ApiKeyTenant, @RequestData() data: GetDocumentsRequest) {
    return this.queries.execute(
      new GetDocumentsQuery(tenant, data.organizationId, data.documentIds),
    );
  }

  /** Operation 12. */
  @Rpc('v1/organizations/documents/delete', {
    message: 'Document(s) deleted successfully.',
    data: DeleteDocumentsRequest,
  })
  @ApiKeyAuth()
  delete(@Tenant() tenant: ApiKeyTenant, @RequestData() data: DeleteDocumentsRequest) {
    return this.commands.execute(
      new DeleteDocumentsCommand(tenant, data.organizationId, data.documentIds),
    );
  }

  @Rpc('v2/organizations/documents/migrate', {
    message: 'Document migration started successfully.',
    data: MigrateDocumentRequest,
  })
  @ApiKeyAuth()
  migrate(@Tenant() tenant: ApiKeyTenant, @RequestData() data: MigrateDocumentRequest) {
    if (data.newDocumentId === data.documentId) {
      throw ServiceError.invalidField(
        'data.newDocumentId',
        'newDocumentId must differ from documentId',
      );
    }
    return this.commands.execute(
      new StartMigrationCommand(tenant, data.organizationId, data.documentId, data.newDocumentId),
    );
  }

  /** Operation 14. */
  @Rpc('v2/organizations/documents/migrate/status', {
    message: 'Migration status retrieved successfully.',
    data: MigrationStatusRequest,
  })
  @ApiKeyAuth()
  migrationStatus(@Tenant() tenant: ApiKeyTenant, @RequestData() data: MigrationStatusRequest) {
    return this.queries.execute(
      new GetMigrationStatusQuery(tenant, data.organizationId, data.migrationId),
    );
  }
}
