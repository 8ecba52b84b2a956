import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { SecretBox } from '@app/platform';
import { DataSource } from 'typeorm';
import { NO_EMAIL_CONFIG } from '../../domain/email-config';
import { readEmailConfigs } from '../../read-models/stored-email-configs';
import { emailConfigView, type EmailConfigView } from '../common/email-config-view';
import { GetEmailConfigQuery } from './get-email-config.query';

@QueryHandler(GetEmailConfigQuery)
export class GetEmailConfigHandler implements IQueryHandler<GetEmailConfigQuery> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly box: SecretBox,
  ) {}

  async execute({ tenant }: GetEmailConfigQuery): Promise<EmailConfigView> {
    const found = (await readEmailConfigs(this.dataSource.manager, [tenant.apiKey])).get(
      tenant.apiKey,
    );
    return emailConfigView(found?.config ?? NO_EMAIL_CONFIG, this.box);
  }
}
