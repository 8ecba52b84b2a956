import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ItemRefused, StreamBatchRunner, type BatchResult } from '@app/event-store';
import { metadataOf } from '@app/workspaces';
import {
  Document,
  DOCUMENT_MESSAGES,
  DOCUMENT_STREAM_TYPE,
  documentStream,
} from '../../domain/document.aggregate';
import { DeleteDocumentsCommand } from './delete-documents.command';

@CommandHandler(DeleteDocumentsCommand)
export class DeleteDocumentsHandler implements ICommandHandler<DeleteDocumentsCommand> {
  constructor(private readonly batches: StreamBatchRunner) {}

  execute({
    tenant,
    organizationId,
    documentIds,
    missing,
  }: DeleteDocumentsCommand): Promise<BatchResult> {
    const at = Date.now();
    const { apiKey } = tenant;
    return this.batches.run({
      items: documentIds,
      idOf: (documentId) => documentId,
      streamOf: (documentId) => ({
        streamId: documentStream({ apiKey, organizationId, documentId }),
        streamType: DOCUMENT_STREAM_TYPE,
      }),
      create: (documentId) => new Document({ apiKey, organizationId, documentId }),
      decide: (document) => {
        if (missing === 'fails' && !document.exists) {
          throw new ItemRefused(DOCUMENT_MESSAGES.missing, 'not-found');
        }
        return document.delete(at);
      },
      metadata: metadataOf(tenant),
    });
  }
}
