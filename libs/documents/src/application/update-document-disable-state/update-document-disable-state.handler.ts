import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { StreamBatchRunner } from '@app/event-store';
import { documentBatch, withValue } from '../common/document-batch';
import { UpdateDocumentDisableStateCommand } from './update-document-disable-state.command';

/**
 * Each document is disabled or enabled (a missing one fails its item, `not-found`). A
 * disabled document refuses writes of user content until it is enabled again (D6.6).
 */
@CommandHandler(UpdateDocumentDisableStateCommand)
export class UpdateDocumentDisableStateHandler implements ICommandHandler<UpdateDocumentDisableStateCommand> {
  constructor(private readonly batches: StreamBatchRunner) {}

  async execute({
    tenant,
    organizationId,
    documentIds,
    disabled,
  }: UpdateDocumentDisableStateCommand) {
    const at = Date.now();
    const result = await this.batches.run(
      documentBatch(
        tenant,
        organizationId,
        documentIds,
        (documentId) => documentId,
        (document) => document.setDisabled(disabled, at),
      ),
    );
    return withValue(result, 'disabled', disabled);
  }
}
