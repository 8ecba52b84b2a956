import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository, EventStore } from '@app/event-store';
import { metadataOf } from '@app/workspaces';
import { forgetEndpoint } from '../../domain/webhook-settings.forget-endpoint';
import { webhookSettingsOf } from '../common/webhook-settings-target';
import { DeleteEndpointCommand } from './delete-endpoint.command';

type Deleted = { endpointId: string; deleted: true };

/** Deletes the endpoint and takes its data out of the earlier events of the key's stream. */
@CommandHandler(DeleteEndpointCommand)
export class DeleteEndpointHandler implements ICommandHandler<DeleteEndpointCommand> {
  constructor(
    private readonly repository: AggregateRepository,
    private readonly store: EventStore,
  ) {}

  async execute({ tenant, endpointId }: DeleteEndpointCommand): Promise<Deleted> {
    await this.repository.update(webhookSettingsOf(tenant.apiKey), metadataOf(tenant), {
      decide: (settings, { loaded }) => {
        settings.deleteEndpoint(endpointId, Date.now());
        return forgetEndpoint(loaded, endpointId);
      },
      after: (m, _recorded, rewrites) => this.store.rewrite(m, rewrites),
    });
    return { endpointId, deleted: true };
  }
}
