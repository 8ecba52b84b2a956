import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { findOwnedApiKey } from '../common/owned-api-key';
import { GetApiKeyConfigQuery, type ApiKeyConfigView } from './get-api-key-config.query';

@QueryHandler(GetApiKeyConfigQuery)
export class GetApiKeyConfigHandler implements IQueryHandler<GetApiKeyConfigQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ tenant, apiKey }: GetApiKeyConfigQuery): Promise<ApiKeyConfigView> {
    const row = await findOwnedApiKey(this.dataSource.manager, tenant.workspaceId, apiKey);
    return { apiKey, ...row.options };
  }
}
