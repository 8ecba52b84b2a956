import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { StreamBatchRunner, type BatchResult } from '@app/event-store';
import { OrganizationScope } from '@app/organizations';
import { metadataOf } from '@app/workspaces';
import { Document, DOCUMENT_STREAM_TYPE, documentStream } from '../../domain/document.aggregate';
import { AddDocumentsCommand } from './add-documents.command';

@CommandHandler(AddDocumentsCommand)
export class AddDocumentsHandler implements ICommandHandler<AddDocumentsCommand> {
  constructor(
    private readonly batches: StreamBatchRunner,
    private readonly scope: OrganizationScope,
  ) {}

  execute({ tenant, input }: AddDocumentsCommand): Promise<BatchResult> {
    const at = Date.now();
    const { apiKey } = tenant;
    const { organizationId } = input;
    const folderId = input.folderId ?? null;
    return this.batches.run({
      items: input.documents,
      idOf: (item) => item.documentId,
      streamOf: (documentId) => ({
        streamId: documentStream({ apiKey, organizationId, documentId }),
        streamType: DOCUMENT_STREAM_TYPE,
      }),
      create: (documentId) => new Document({ apiKey, organizationId, documentId }),
      decide: (document, item) =>
        document.add(
          {
            documentName: item.documentName ?? item.documentId,
            folderId,
            accessType: item.accessType ?? tenant.options.defaultDocumentAccessType,
            disabled: item.disabled ?? false,
            metadata: item.metadata,
          },
          at,
        ),
      metadata: metadataOf(tenant),
      // The organization and folder are made (or found) in the same transaction.
      prepare: async (manager) =>
        (
          await this.scope.open(manager, {
            apiKey,
            organizationId,
            createOrganization: input.createOrganization,
            folderId: input.folderId,
            createFolder: input.createFolder,
            at,
          })
        ).toSave,
    });
  }
}
