import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '@app/event-store';
import { APP_CONFIG, type AppConfig } from '@app/platform';
import { metadataOf } from '@app/workspaces';
import { endpointView, type EndpointView } from '../common/endpoint-view';
import { webhookSettingsOf } from '../common/webhook-settings-target';
import { UpdateEndpointCommand } from './update-endpoint.command';

@CommandHandler(UpdateEndpointCommand)
export class UpdateEndpointHandler implements ICommandHandler<UpdateEndpointCommand> {
  constructor(
    private readonly repository: AggregateRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  execute({ tenant, endpointId, changes }: UpdateEndpointCommand): Promise<EndpointView> {
    const allowPrivateTargets = this.config.webhookAllowPrivateTargets;
    return this.repository.update(webhookSettingsOf(tenant.apiKey), metadataOf(tenant), (s) =>
      endpointView(s.updateEndpoint(endpointId, changes, { allowPrivateTargets, at: Date.now() })),
    );
  }
}
