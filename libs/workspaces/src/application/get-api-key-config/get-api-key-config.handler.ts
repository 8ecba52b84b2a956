import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { ApiKeyRow } from '../../read-models/api-key.entity';
import { apiKeyConfigView } from '../common/api-key-config-view';
import { GetApiKeyConfigQuery, type ApiKeyConfigView } from './get-api-key-config.query';

@QueryHandler(GetApiKeyConfigQuery)
export class GetApiKeyConfigHandler implements IQueryHandler<GetApiKeyConfigQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ tenant }: GetApiKeyConfigQuery): Promise<ApiKeyConfigView> {
    const row = await this.dataSource.manager.findOneByOrFail(ApiKeyRow, { apiKey: tenant.apiKey });
    return apiKeyConfigView({
      apiKey: row.apiKey,
      ownerEmail: row.settings.ownerEmail,
      planInfo: row.settings.planInfo,
      options: row.options,
      aiModelKeys: row.aiModelKeys ?? {},
    });
  }
}
