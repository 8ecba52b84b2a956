import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '@app/event-store';
import { API_KEY_STREAM_TYPE, apiKeyStream } from '../../domain/api-key.aggregate';
import { ApiKeyIssuer } from '../common/api-key-issuer';
import { metadataOf } from '../common/event-metadata';
import { CreateApiKeyCommand } from './create-api-key.command';

@CommandHandler(CreateApiKeyCommand)
export class CreateApiKeyHandler implements ICommandHandler<CreateApiKeyCommand> {
  constructor(
    private readonly repository: AggregateRepository,
    private readonly issuer: ApiKeyIssuer,
  ) {}

  async execute({ tenant, input }: CreateApiKeyCommand): Promise<{ apiKey: string }> {
    const { aggregate, apiKey } = this.issuer.issue(tenant.workspaceId, input, Date.now());
    await this.repository.save(
      [{ streamType: API_KEY_STREAM_TYPE, streamId: apiKeyStream(apiKey), aggregate }],
      { ...metadataOf(tenant), apiKey },
    );
    return { apiKey };
  }
}
