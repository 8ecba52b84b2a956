import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { ActivityServiceConfig } from '../../domain/activity-config';
import { readActivitySwitch } from '../common/activity-switch';
import { GetActivityConfigQuery } from './get-activity-config.query';

@QueryHandler(GetActivityConfigQuery)
export class GetActivityConfigHandler implements IQueryHandler<GetActivityConfigQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({
    tenant,
  }: GetActivityConfigQuery): Promise<{ activityServiceConfig: ActivityServiceConfig }> {
    return {
      activityServiceConfig: await readActivitySwitch(this.dataSource.manager, tenant.apiKey),
    };
  }
}
