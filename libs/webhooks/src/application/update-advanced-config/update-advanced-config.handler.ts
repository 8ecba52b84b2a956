import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '@app/event-store';
import { metadataOf } from '@app/workspaces';
import type { AdvancedConfig } from '../../domain/webhook-settings.events';
import { webhookSettingsOf } from '../common/webhook-settings-target';
import { UpdateAdvancedConfigCommand } from './update-advanced-config.command';

@CommandHandler(UpdateAdvancedConfigCommand)
export class UpdateAdvancedConfigHandler implements ICommandHandler<UpdateAdvancedConfigCommand> {
  constructor(private readonly repository: AggregateRepository) {}

  execute({ tenant, change }: UpdateAdvancedConfigCommand): Promise<AdvancedConfig> {
    return this.repository.update(webhookSettingsOf(tenant.apiKey), metadataOf(tenant), (s) =>
      s.updateConfig(change, Date.now()),
    );
  }
}
