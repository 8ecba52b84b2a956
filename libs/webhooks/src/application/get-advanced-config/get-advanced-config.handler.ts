import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AdvancedConfig } from '../../domain/webhook-settings.events';
import { AdvancedConfigReader } from '../common/advanced-config.reader';
import { GetAdvancedConfigQuery } from './get-advanced-config.query';

@QueryHandler(GetAdvancedConfigQuery)
export class GetAdvancedConfigHandler implements IQueryHandler<GetAdvancedConfigQuery> {
  constructor(private readonly configs: AdvancedConfigReader) {}

  execute({ tenant }: GetAdvancedConfigQuery): Promise<AdvancedConfig> {
    return this.configs.of(tenant.apiKey);
  }
}
