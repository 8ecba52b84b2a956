import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { StreamBatchRunner, type BatchResult } from '@app/event-store';
import { documentBatch } from '../common/document-batch';
import { UpdateDocumentsCommand } from './update-documents.command';

/** A missing document fails its item (`not-found`); the others are updated together. */
@CommandHandler(UpdateDocumentsCommand)
export class UpdateDocumentsHandler implements ICommandHandler<UpdateDocumentsCommand> {
  constructor(private readonly batches: StreamBatchRunner) {}

  execute({ tenant, organizationId, documents }: UpdateDocumentsCommand): Promise<BatchResult> {
    const at = Date.now();
    return this.batches.run(
      documentBatch(
        tenant,
        organizationId,
        documents,
        (item) => item.documentId,
        (document, { documentId: _, ...changes }) => document.update(changes, at),
      ),
    );
  }
}
