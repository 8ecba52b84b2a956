import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '@app/event-store';
import { DataSource } from 'typeorm';
import { ApiKey, API_KEY_STREAM_TYPE, apiKeyStream } from '../../domain/api-key.aggregate';
import { metadataOf } from '../common/event-metadata';
import { findOwnedApiKey } from '../common/owned-api-key';
import type { ApiKeyConfigView } from '../get-api-key-config/get-api-key-config.query';
import { UpdateApiKeyConfigCommand } from './update-api-key-config.command';

@CommandHandler(UpdateApiKeyConfigCommand)
export class UpdateApiKeyConfigHandler implements ICommandHandler<UpdateApiKeyConfigCommand> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: AggregateRepository,
  ) {}

  async execute({ tenant, apiKey, changes }: UpdateApiKeyConfigCommand): Promise<ApiKeyConfigView> {
    await findOwnedApiKey(this.dataSource.manager, tenant.workspaceId, apiKey);
    const options = await this.repository.update(
      {
        streamId: apiKeyStream(apiKey),
        streamType: API_KEY_STREAM_TYPE,
        create: () => new ApiKey(),
      },
      { ...metadataOf(tenant), apiKey },
      (key) => key.updateOptions(changes, Date.now()),
    );
    return { apiKey, ...options };
  }
}
