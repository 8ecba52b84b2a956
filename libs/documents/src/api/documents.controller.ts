import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiTags,
  BATCH_RESULT,
  CONFLICT,
  json,
  RequestData,
  Rpc,
  ServiceError,
} from '@app/platform';
import { ApiKeyAuth, Tenant, type ApiKeyTenant } from '@app/workspaces';
import { AddDocumentsCommand } from '../application/add-documents/add-documents.command';
import { DeleteDocumentsCommand } from '../application/delete-documents/delete-documents.command';
import { GetDocumentsQuery } from '../application/get-documents/get-documents.query';
import { GetMigrationStatusQuery } from '../application/get-migration-status/get-migration-status.query';
import { MoveDocumentsCommand } from '../application/move-documents/move-documents.command';
import { StartMigrationCommand } from '../application/start-migration/start-migration.command';
import { UpdateDocumentAccessCommand } from '../application/update-document-access/update-document-access.command';
import { UpdateDocumentDisableStateCommand } from '../application/update-document-disable-state/update-document-disable-state.command';
import { UpdateDocumentsCommand } from '../application/update-documents/update-documents.command';
import { AddDocumentsRequest } from './dto/add-documents.request';
import { DeleteDocumentsRequest } from './dto/delete-documents.request';
import {
  ACCESS_RESULT,
  DISABLED_STATE_RESULT,
  DOCUMENT_VIEW,
  MIGRATION_STARTED,
  MIGRATION_STATUS,
} from './dto/documents.response';
import { GetDocumentsPageRequest, GetDocumentsRequest } from './dto/get-documents.request';
import { MigrateDocumentRequest } from './dto/migrate-document.request';
import { MigrationStatusRequest } from './dto/migration-status.request';
import { MoveDocumentsRequest, targetFolderOf } from './dto/move-documents.request';
import { UpdateDocumentAccessRequest } from './dto/update-document-access.request';
import { UpdateDocumentDisableStateRequest } from './dto/update-document-disable-state.request';
import { UpdateDocumentsRequest } from './dto/update-documents.request';

const GET_MESSAGE = 'Document(s) retrieved successfully.';
const DELETE_MESSAGE = 'Document(s) deleted successfully.';

/**
 * Document operations: spec 10, 11, 12 and 14, and the migration start of D6.7. Operations
 * 11 and 12 are also served at the hosted service's `/v2` paths, with its two differences
 * (D6.8). The hosted update, move, access and disabled-state calls change existing documents
 * (D6.4, D6.6).
 */
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
    summary: 'Add documents to an organization, in a folder if given (making them when asked)',
    data: AddDocumentsRequest,
    response: BATCH_RESULT,
    errors: {
      ...CONFLICT,
      NOT_FOUND:
        'the organization or folder does not exist and createOrganization or createFolder is not set',
    },
  })
  @ApiKeyAuth()
  add(@Tenant() tenant: ApiKeyTenant, @RequestData() data: AddDocumentsRequest) {
    return this.commands.execute(
      new AddDocumentsCommand({
        tenant,
        input: {
          organizationId: data.organizationId,
          createOrganization: data.createOrganization ?? false,
          folderId: data.folderId,
          createFolder: data.createFolder ?? false,
          documents: data.documents,
        },
      }),
    );
  }

  /** Operation 11. */
  @Rpc('v1/organizations/documents/get', {
    message: GET_MESSAGE,
    summary: "Read an organization's documents in id order",
    data: GetDocumentsRequest,
    response: json.arrayOf(DOCUMENT_VIEW),
  })
  @ApiKeyAuth()
  get(@Tenant() tenant: ApiKeyTenant, @RequestData() data: GetDocumentsRequest) {
    return this.queries.execute(
      new GetDocumentsQuery({
        tenant,
        organizationId: data.organizationId,
        documentIds: data.documentIds,
      }),
    );
  }

  /** Operation 11 at the hosted path (D6.8): also by folder, in pages, with advanced queries. */
  @Rpc('v2/organizations/documents/get', {
    message: GET_MESSAGE,
    summary:
      "Read an organization's documents in id order, a page at a time, optionally those directly in one folder",
    data: GetDocumentsPageRequest,
    response: json.arrayOf(DOCUMENT_VIEW),
    pageToken: 'pageToken',
  })
  @ApiKeyAuth({ requires: 'advancedQueriesEnabled' })
  getPage(@Tenant() tenant: ApiKeyTenant, @RequestData() data: GetDocumentsPageRequest) {
    const { folderId, pageSize, pageToken } = data;
    return this.queries.execute(
      new GetDocumentsQuery({
        tenant,
        organizationId: data.organizationId,
        documentIds: data.documentIds,
        page: {
          folderId,
          pageSize,
          pageToken,
        },
      }),
    );
  }

  @Rpc('v2/organizations/documents/update', {
    message: 'Document(s) updated successfully.',
    summary:
      "Update documents' names and metadata (merged), and their access type and disabled state when given",
    data: UpdateDocumentsRequest,
    response: BATCH_RESULT,
    errors: CONFLICT,
  })
  @ApiKeyAuth()
  update(@Tenant() tenant: ApiKeyTenant, @RequestData() data: UpdateDocumentsRequest) {
    return this.commands.execute(
      new UpdateDocumentsCommand({
        tenant,
        organizationId: data.organizationId,
        documents: data.documents,
      }),
    );
  }

  @Rpc('v2/organizations/documents/move', {
    message: 'Documents moved successfully.',
    summary: 'Move documents into a folder of their organization ("root": the top level)',
    data: MoveDocumentsRequest,
    response: BATCH_RESULT,
    errors: { ...CONFLICT, NOT_FOUND: 'the organization or the target folder does not exist' },
  })
  @ApiKeyAuth()
  move(@Tenant() tenant: ApiKeyTenant, @RequestData() data: MoveDocumentsRequest) {
    return this.commands.execute(
      new MoveDocumentsCommand({
        tenant,
        organizationId: data.organizationId,
        documentIds: data.documentIds,
        folderId: targetFolderOf(data),
      }),
    );
  }

  @Rpc('v2/organizations/documents/access/update', {
    message: 'Updated access for documents successfully.',
    summary: "Set documents' access type (public, restricted or organizationPrivate)",
    data: UpdateDocumentAccessRequest,
    response: ACCESS_RESULT,
    errors: CONFLICT,
  })
  @ApiKeyAuth()
  updateAccess(@Tenant() tenant: ApiKeyTenant, @RequestData() data: UpdateDocumentAccessRequest) {
    return this.commands.execute(
      new UpdateDocumentAccessCommand({
        tenant,
        organizationId: data.organizationId,
        documentIds: data.documentIds,
        accessType: data.accessType,
      }),
    );
  }

  @Rpc('v2/organizations/documents/access/disablestate/update', {
    message: 'Updated disable state for documents successfully.',
    summary:
      'Disable or enable documents: a disabled one refuses writes of collaboration data and notifications',
    data: UpdateDocumentDisableStateRequest,
    response: DISABLED_STATE_RESULT,
    errors: CONFLICT,
  })
  @ApiKeyAuth()
  updateDisableState(
    @Tenant() tenant: ApiKeyTenant,
    @RequestData() data: UpdateDocumentDisableStateRequest,
  ) {
    return this.commands.execute(
      new UpdateDocumentDisableStateCommand({
        tenant,
        organizationId: data.organizationId,
        documentIds: data.documentIds,
        disabled: data.disabled,
      }),
    );
  }

  /** Operation 12. */
  @Rpc('v1/organizations/documents/delete', {
    message: DELETE_MESSAGE,
    summary: 'Delete documents with their collaboration data (a missing one is a success)',
    data: DeleteDocumentsRequest,
    response: BATCH_RESULT,
    errors: CONFLICT,
  })
  @ApiKeyAuth()
  delete(@Tenant() tenant: ApiKeyTenant, @RequestData() data: DeleteDocumentsRequest) {
    return this.commands.execute(
      new DeleteDocumentsCommand({
        tenant,
        organizationId: data.organizationId,
        documentIds: data.documentIds,
        missing: 'succeeds',
      }),
    );
  }

  /** Operation 12 at the hosted path (D6.8): a missing document is a failed item there. */
  @Rpc('v2/organizations/documents/delete', {
    message: DELETE_MESSAGE,
    summary:
      'Delete documents with their collaboration data (a missing one fails with code not-found)',
    data: DeleteDocumentsRequest,
    response: BATCH_RESULT,
    errors: CONFLICT,
  })
  @ApiKeyAuth()
  deleteAtHostedPath(@Tenant() tenant: ApiKeyTenant, @RequestData() data: DeleteDocumentsRequest) {
    return this.commands.execute(
      new DeleteDocumentsCommand({
        tenant,
        organizationId: data.organizationId,
        documentIds: data.documentIds,
        missing: 'fails',
      }),
    );
  }

  @Rpc('v2/organizations/documents/migrate', {
    message: 'Document migration started successfully.',
    summary: 'Start moving a document and its data to a new document id',
    data: MigrateDocumentRequest,
    response: MIGRATION_STARTED,
    errors: { ...CONFLICT, NOT_FOUND: 'the document does not exist' },
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
      new StartMigrationCommand({
        tenant,
        organizationId: data.organizationId,
        documentId: data.documentId,
        newDocumentId: data.newDocumentId,
      }),
    );
  }

  /** Operation 14. */
  @Rpc('v2/organizations/documents/migrate/status', {
    message: 'Migration status retrieved successfully.',
    summary: 'Read the status of a document migration',
    data: MigrationStatusRequest,
    response: MIGRATION_STATUS,
    errors: { NOT_FOUND: 'no such migration in this organization' },
  })
  @ApiKeyAuth()
  migrationStatus(@Tenant() tenant: ApiKeyTenant, @RequestData() data: MigrationStatusRequest) {
    return this.queries.execute(
      new GetMigrationStatusQuery(tenant, data.organizationId, data.migrationId),
    );
  }
}
