import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { WorkspaceRow } from '../../read-models/workspace.entity';
import { maskedProviders } from '../common/masked-providers';
import { GetAiModelConfigQuery, type AiModelConfigView } from './get-ai-model-config.query';

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
