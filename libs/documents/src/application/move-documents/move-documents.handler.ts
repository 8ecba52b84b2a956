import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { StreamBatchRunner, type BatchResult } from '@app/event-store';
import { OrganizationScope } from '@app/organizations';
import { documentBatch } from '../common/document-batch';
import { MoveDocumentsCommand } from './move-documents.command';

/**
 * The organization and the target folder must exist (NOT_FOUND for the call, as documents/add
 * without its create flags, D6.3); a missing document fails its item (`not-found`). Only the
 * document's folder changes: its id, data, users and notifications stay as they are.
 */
@CommandHandler(MoveDocumentsCommand)
export class MoveDocumentsHandler implements ICommandHandler<MoveDocumentsCommand> {
  constructor(
    private readonly batches: StreamBatchRunner,
    private readonly scope: OrganizationScope,
  ) {}

  execute({
    tenant,
    organizationId,
    documentIds,
    folderId,
  }: MoveDocumentsCommand): Promise<BatchResult> {
    const at = Date.now();
    return this.batches.run({
      ...documentBatch(
        tenant,
        organizationId,
        documentIds,
        (documentId) => documentId,
        (document) => document.moveTo(folderId, at),
      ),
      prepare: async (manager) => {
        // Found, never made: nothing of the organization or its folders is appended.
        await this.scope.open(manager, {
          apiKey: tenant.apiKey,
          organizationId,
          folderId: folderId ?? undefined,
          at,
        });
        return [];
      },
    });
  }
}
