import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '@app/event-store';
import { metadataOf } from '@app/workspaces';
import { webhookSettingsOf } from '../common/webhook-settings-target';
import { DeleteEndpointCommand } from './delete-endpoint.command';

@CommandHandler(DeleteEndpointCommand)
export class DeleteEndpointHandler implements ICommandHandler<DeleteEndpointCommand> {
  constructor(private readonly repository: AggregateRepository) {}

  async execute({
    tenant,
    endpointId,
  }: DeleteEndpointCommand): Promise<{ endpointId: string; deleted: true }> {
    await this.repository.update(webhookSettingsOf(tenant.apiKey), metadataOf(tenant), (s) =>
      s.deleteEndpoint(endpointId, Date.now()),
    );
    return { endpointId, deleted: true };
  }
}
