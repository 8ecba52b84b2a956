import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { StreamBatchRunner } from '@app/event-store';
import { documentBatch, withValue } from '../common/document-batch';
import { UpdateDocumentAccessCommand } from './update-document-access.command';

/** Each document takes the access type (a missing one fails its item, `not-found`). */
@CommandHandler(UpdateDocumentAccessCommand)
export class UpdateDocumentAccessHandler implements ICommandHandler<UpdateDocumentAccessCommand> {
  constructor(private readonly batches: StreamBatchRunner) {}

  async execute({ tenant, organizationId, documentIds, accessType }: UpdateDocumentAccessCommand) {
    const at = Date.now();
    const result = await this.batches.run(
      documentBatch(
        tenant,
        organizationId,
        documentIds,
        (documentId) => documentId,
        (document) => document.changeAccess(accessType, at),
      ),
    );
    return withValue(result, 'accessType', accessType);
  }
}
