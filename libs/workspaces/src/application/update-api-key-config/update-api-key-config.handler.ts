import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository, retryOnConflict } from '@app/event-store';
import { DataSource } from 'typeorm';
import { ApiKey, API_KEY_STREAM_TYPE, apiKeyStream } from '../../domain/api-key.aggregate';
import { metadataOf } from '../shared/event-metadata';
import { findOwnedApiKey } from '../shared/owned-api-key';
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
    const streamId = apiKeyStream(apiKey);
    const options = await retryOnConflict(async () => {
      const key = await this.repository.load(streamId, () => new ApiKey());
      const next = key.updateOptions(changes);
      await this.repository.save([{ streamType: API_KEY_STREAM_TYPE, streamId, aggregate: key }], {
        ...metadataOf(tenant),
        apiKey,
      });
      return next;
    });
    return { apiKey, ...options };
  }
}
