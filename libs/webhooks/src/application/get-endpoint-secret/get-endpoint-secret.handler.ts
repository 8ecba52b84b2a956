import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { SecretBox, ServiceError } from '@app/platform';
import { DataSource } from 'typeorm';
import { AdvancedConfigReader } from '../common/advanced-config.reader';
import { GetEndpointSecretQuery } from './get-endpoint-secret.query';

@QueryHandler(GetEndpointSecretQuery)
export class GetEndpointSecretHandler implements IQueryHandler<GetEndpointSecretQuery> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly box: SecretBox,
    private readonly configs: AdvancedConfigReader,
  ) {}

  async execute({
    tenant,
    endpointId,
  }: GetEndpointSecretQuery): Promise<{ endpointId: string; secret: string }> {
    await this.configs.requireEnabled(tenant.apiKey);
    const [row]: { sealed_secret: string }[] = await this.dataSource.query(
      `SELECT sealed_secret FROM webhook_endpoints WHERE api_key = $1 AND endpoint_id = $2`,
      [tenant.apiKey, endpointId],
    );
    if (!row) throw new ServiceError('NOT_FOUND', 'Advanced webhook endpoint not found.');
    return { endpointId, secret: this.box.open(row.sealed_secret) };
  }
}
