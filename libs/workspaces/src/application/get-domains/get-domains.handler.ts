import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { ApiKeyRow } from '../../read-models/api-key.entity';
import { GetDomainsQuery } from './get-domains.query';

@QueryHandler(GetDomainsQuery)
export class GetDomainsHandler implements IQueryHandler<GetDomainsQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ tenant }: GetDomainsQuery): Promise<{ allowedDomains: string[] }> {
    const row = await this.dataSource.manager.findOneByOrFail(ApiKeyRow, { apiKey: tenant.apiKey });
    return { allowedDomains: row.allowedDomains };
  }
}
