import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomBytes } from 'node:crypto';
import { AggregateRepository } from '@app/event-store';
import { APP_CONFIG, randomWebhookSecret, SecretBox, type AppConfig } from '@app/platform';
import { metadataOf } from '@app/workspaces';
import { endpointView, type EndpointView } from '../common/endpoint-view';
import { webhookSettingsOf } from '../common/webhook-settings-target';
import { AddEndpointCommand } from './add-endpoint.command';

@CommandHandler(AddEndpointCommand)
export class AddEndpointHandler implements ICommandHandler<AddEndpointCommand> {
  constructor(
    private readonly repository: AggregateRepository,
    private readonly box: SecretBox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  execute({ tenant, endpoint }: AddEndpointCommand): Promise<EndpointView> {
    const made = {
      endpointId: `ep_${randomBytes(18).toString('base64url')}`,
      // Sealed before it is in any event: secrets stay sealed at rest.
      sealedSecret: this.box.seal(randomWebhookSecret()),
      allowPrivateTargets: this.config.webhookAllowPrivateTargets,
    };
    return this.repository.update(webhookSettingsOf(tenant.apiKey), metadataOf(tenant), (s) =>
      endpointView(s.addEndpoint(endpoint, { ...made, at: Date.now() })),
    );
  }
}
