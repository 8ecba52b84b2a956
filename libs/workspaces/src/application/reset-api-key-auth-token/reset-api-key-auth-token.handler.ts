import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '@app/event-store';
import { randomId, randomSecret, SecretBox, sha256 } from '@app/platform';
import { DataSource } from 'typeorm';
import { ApiKey, API_KEY_STREAM_TYPE, apiKeyStream } from '../../domain/api-key.aggregate';
import { DEFAULT_AUTH_TOKEN_NAME } from '../common/api-key-issuer';
import { metadataOf } from '../common/event-metadata';
import { findOwnedApiKey } from '../common/owned-api-key';
import {
  ResetApiKeyAuthTokenCommand,
  type ResetApiKeyAuthTokenView,
} from './reset-api-key-auth-token.command';

@CommandHandler(ResetApiKeyAuthTokenCommand)
export class ResetApiKeyAuthTokenHandler implements ICommandHandler<ResetApiKeyAuthTokenCommand> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: AggregateRepository,
    private readonly box: SecretBox,
  ) {}

  async execute({
    tenant,
    apiKey,
  }: ResetApiKeyAuthTokenCommand): Promise<ResetApiKeyAuthTokenView> {
    await findOwnedApiKey(this.dataSource.manager, tenant.workspaceId, apiKey);
    // Made and sealed once, outside the retry loop: the token enters the event encrypted.
    const token = randomSecret('tok_');
    const issued = {
      tokenId: randomId(),
      name: DEFAULT_AUTH_TOKEN_NAME,
      domains: [],
      tokenDigest: sha256(token),
      sealedToken: this.box.seal(token),
      createdAt: Date.now(),
    };
    const kept = await this.repository.update(
      {
        streamId: apiKeyStream(apiKey),
        streamType: API_KEY_STREAM_TYPE,
        create: () => new ApiKey(),
      },
      metadataOf(tenant),
      (key) => key.resetAuthToken(issued),
    );
    return { apiKey, newAuthToken: { token, ...kept } };
  }
}
