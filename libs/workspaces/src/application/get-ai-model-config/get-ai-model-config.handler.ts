import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { WorkspaceRow } from '../../read-models/workspace.entity';
import { GetAiModelConfigQuery, type AiModelConfigView } from './get-ai-model-config.query';

export function maskedProviders(providers: WorkspaceRow['aiProviders']): AiModelConfigView {
  return {
    providers: Object.fromEntries(
      Object.entries(providers).map(([name, key]) => [name, { apiKeyLast4: key!.last4 }]),
    ),
  };
}

@QueryHandler(GetAiModelConfigQuery)
export class GetAiModelConfigHandler implements IQueryHandler<GetAiModelConfigQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ tenant }: GetAiModelConfigQuery): Promise<AiModelConfigView> {
    const row = await this.dataSource.manager.findOneByOrFail(WorkspaceRow, {
      id: tenant.workspaceId,
    });
    return maskedProviders(row.aiProviders);
  }
}
