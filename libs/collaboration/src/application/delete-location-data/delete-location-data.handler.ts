import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { metadataOf } from '@app/workspaces';
import { RecordRemover } from '../common/record-remover';
import { DeleteLocationDataCommand } from './delete-location-data.command';

@CommandHandler(DeleteLocationDataCommand)
export class DeleteLocationDataHandler implements ICommandHandler<DeleteLocationDataCommand> {
  constructor(private readonly remover: RecordRemover) {}

  async execute({ tenant, documentId, locationId, organizationId }: DeleteLocationDataCommand) {
    const refs = await this.remover.find(
      tenant.apiKey,
      `document_id = $2 AND location_id = $3 AND ($4::text IS NULL OR organization_id = $4::text)`,
      [documentId, locationId, organizationId ?? null],
    );
    await this.remover.delete(refs, 'location', metadataOf(tenant));
    return null;
  }
}
