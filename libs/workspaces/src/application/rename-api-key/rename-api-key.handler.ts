import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '@app/event-store';
import { DataSource } from 'typeorm';
import { ApiKey, API_KEY_STREAM_TYPE, apiKeyStream } from '../../domain/api-key.aggregate';
import { metadataOf } from '../common/event-metadata';
import { findOwnedApiKey } from '../common/owned-api-key';
import { RenameApiKeyCommand } from './rename-api-key.command';

@CommandHandler(RenameApiKeyCommand)
export class RenameApiKeyHandler implements ICommandHandler<RenameApiKeyCommand> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: AggregateRepository,
  ) {}

  async execute({ tenant, apiKey, apiKeyName }: RenameApiKeyCommand): Promise<null> {
    // Another workspace's key answers as an unknown one (D2.3).
    await findOwnedApiKey(this.dataSource.manager, tenant.workspaceId, apiKey);
    await this.repository.update(
      {
        streamId: apiKeyStream(apiKey),
        streamType: API_KEY_STREAM_TYPE,
        create: () => new ApiKey(),
      },
      metadataOf(tenant),
      (key) => key.rename(apiKeyName),
    );
    return null;
  }
}
