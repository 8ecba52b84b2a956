import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { SecretBox } from '@app/platform';
import { WorkspaceRow } from '../../read-models/workspace.entity';
import {
  GetAiProviderSettingsQuery,
  type AiProviderSettings,
} from './get-ai-provider-settings.query';

@QueryHandler(GetAiProviderSettingsQuery)
export class GetAiProviderSettingsHandler implements IQueryHandler<GetAiProviderSettingsQuery> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly box: SecretBox,
  ) {}

  async execute({
    workspaceId,
    provider,
  }: GetAiProviderSettingsQuery): Promise<AiProviderSettings | undefined> {
    const row = await this.dataSource.manager.findOneBy(WorkspaceRow, { id: workspaceId });
    const stored = row?.aiProviders[provider];
    if (!stored) return undefined;
    return {
      apiKey: this.box.open(stored.sealedKey),
      ...(stored.baseUrl !== undefined && { baseUrl: stored.baseUrl }),
      ...(stored.models !== undefined && { models: stored.models }),
    };
  }
}
