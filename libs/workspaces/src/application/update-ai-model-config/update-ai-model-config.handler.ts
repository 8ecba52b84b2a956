import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '@app/event-store';
import {
  APP_CONFIG,
  isPrivateUrl,
  SecretBox,
  ServiceError,
  type AppConfig,
  type FieldViolation,
} from '@app/platform';
import {
  Workspace,
  WORKSPACE_STREAM_TYPE,
  workspaceStream,
} from '../../domain/workspace.aggregate';
import type { AiProvider, StoredProviderKey } from '../../domain/workspace.events';
import { metadataOf } from '../common/event-metadata';
import { lastFour } from '../common/last-four';
import { type AiModelConfigView } from '../get-ai-model-config/get-ai-model-config.query';
import { maskedProviders } from '../common/masked-providers';
import { UpdateAiModelConfigCommand } from './update-ai-model-config.command';

@CommandHandler(UpdateAiModelConfigCommand)
export class UpdateAiModelConfigHandler implements ICommandHandler<UpdateAiModelConfigCommand> {
  constructor(
    private readonly repository: AggregateRepository,
    private readonly box: SecretBox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ tenant, providers }: UpdateAiModelConfigCommand): Promise<AiModelConfigView> {
    this.refusePrivateLiterals(providers);
    // Sealed once, outside the retry loop: keys enter the event encrypted (D3.5).
    const changes: Partial<Record<AiProvider, StoredProviderKey | null>> = {};
    for (const [name, value] of Object.entries(providers)) {
      if (value === undefined) continue;
      // A provider given is replaced whole: an endpoint or allow-list left out is removed.
      changes[name as AiProvider] = value
        ? {
            sealedKey: this.box.seal(value.apiKey),
            last4: lastFour(value.apiKey),
            ...(value.baseUrl !== undefined && { baseUrl: value.baseUrl }),
            ...(value.models !== undefined && { models: value.models }),
          }
        : null;
    }
    return this.repository.update(
      {
        streamId: workspaceStream(tenant.workspaceId),
        streamType: WORKSPACE_STREAM_TYPE,
        create: () => new Workspace(),
      },
      metadataOf(tenant),
      (workspace) => {
        workspace.updateAiProviders(changes);
        return maskedProviders(workspace.providers);
      },
    );
  }

  /**
   * D12.4: an endpoint written as a private address or `localhost` is refused now, naming the
   * setting that allows it; a name is checked when Ask AI resolves it.
   */
  private refusePrivateLiterals(providers: UpdateAiModelConfigCommand['providers']): void {
    if (this.config.aiAllowPrivateBaseUrls) return;
    const fields: FieldViolation[] = [];
    for (const [name, value] of Object.entries(providers)) {
      if (value?.baseUrl && isPrivateUrl(value.baseUrl)) {
        fields.push({
          field: `data.providers.${name}.baseUrl`,
          message:
            'baseUrl must not point to a private or loopback address (the server allows it with AI_ALLOW_PRIVATE_BASE_URLS=true)',
        });
      }
    }
    if (fields.length > 0) throw ServiceError.invalidArgument(fields);
  }
}
