import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { SecretBox } from '@app/platform';
import { ApiKeyRow } from '../../read-models/api-key.entity';
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
    apiKey,
  }: GetAiProviderSettingsQuery): Promise<AiProviderSettings | undefined> {
    const m = this.dataSource.manager;
    const row = await m.findOneBy(WorkspaceRow, { id: workspaceId });
    const key = apiKey ? await m.findOneBy(ApiKeyRow, { apiKey, workspaceId }) : null;
    const own = key?.aiModelKeys?.[provider];
    const stored = row?.aiProviders[provider];
    const sealedKey = own?.sealedKey ?? stored?.sealedKey;
    if (!sealedKey) return undefined;
    return {
      apiKey: this.box.open(sealedKey),
      ...(stored?.baseUrl !== undefined && { baseUrl: stored.baseUrl }),
      ...(stored?.models !== undefined && { models: stored.models }),
    };
  }
}
