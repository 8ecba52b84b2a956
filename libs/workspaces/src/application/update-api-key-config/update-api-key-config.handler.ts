import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '@app/event-store';
import { SecretBox, ServiceError } from '@app/platform';
import { ApiKey, API_KEY_STREAM_TYPE, apiKeyStream } from '../../domain/api-key.aggregate';
import type { KeyAiModelKeys } from '../../domain/api-key.events';
import { apiKeyConfigView } from '../common/api-key-config-view';
import { metadataOf } from '../common/event-metadata';
import { lastFour } from '../common/last-four';
import { UpdateApiKeyConfigCommand } from './update-api-key-config.command';

/** The hosted refusal of an update that names no field, word for word. */
export const NO_FIELD_TO_UPDATE = 'At least one field must be provided for update';

@CommandHandler(UpdateApiKeyConfigCommand)
export class UpdateApiKeyConfigHandler implements ICommandHandler<UpdateApiKeyConfigCommand> {
  constructor(
    private readonly repository: AggregateRepository,
    private readonly box: SecretBox,
  ) {}

  async execute({ tenant, change }: UpdateApiKeyConfigCommand) {
    const { options, aiModelApiKey } = change;
    const hasOptions = Object.keys(options).length > 0;
    if (!hasOptions && !aiModelApiKey) {
      throw new ServiceError('INVALID_ARGUMENT', NO_FIELD_TO_UPDATE, {
        fields: [{ field: 'data', message: NO_FIELD_TO_UPDATE }],
      });
    }
    const keys = this.sealed(aiModelApiKey ?? []);
    const view = await this.repository.update(
      {
        streamId: apiKeyStream(tenant.apiKey),
        streamType: API_KEY_STREAM_TYPE,
        create: () => new ApiKey(),
      },
      metadataOf(tenant),
      (key) => {
        if (hasOptions) key.updateOptions(options, Date.now());
        key.setAiModelKeys(keys);
        const { ownerEmail, planInfo, aiModelKeys } = key;
        return apiKeyConfigView({
          apiKey: tenant.apiKey,
          ownerEmail,
          planInfo,
          options: key.options,
          aiModelKeys,
        });
      },
    );
    return { ...view, enablePrivateComments: view.isPrivateCommentsEnabled };
  }

  /** Sealed once, outside the retry loop: keys enter the event encrypted (D3.5). */
  private sealed(entries: { provider: string; customerApiKey: string }[]): KeyAiModelKeys {
    const seen = new Set<string>();
    entries.forEach(({ provider }, i) => {
      if (seen.has(provider)) {
        throw ServiceError.invalidField(
          `data.aiModelApiKey[${i}].provider`,
          `provider ${provider} is given more than once`,
        );
      }
      seen.add(provider);
    });
    return Object.fromEntries(
      entries.map(({ provider, customerApiKey }) => [
        provider,
        { sealedKey: this.box.seal(customerApiKey), last4: lastFour(customerApiKey) },
      ]),
    );
  }
}
