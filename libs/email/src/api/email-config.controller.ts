import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { CONFLICT, RequestData, Rpc } from '@app/platform';
import { ApiKeyAuth, Tenant, type ApiKeyTenant } from '@app/workspaces';
import { GetEmailConfigQuery } from '../application/get-email-config/get-email-config.query';
import { UpdateEmailConfigCommand } from '../application/update-email-config/update-email-config.command';
import { EMAIL_CONFIG } from './dto/email-config.response';
import { UpdateEmailConfigRequest } from './dto/update-email-config.request';

/** D14.1: the API key's email configuration (tagged with the workspace calls, as hosted). */
@ApiTags('workspace')
@Controller('v2/workspace')
export class EmailConfigController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Rpc('emailconfig/get', {
    message: 'Email configuration retrieved successfully.',
    summary: "Read the API key's email notification configuration (the SendGrid key masked)",
    response: EMAIL_CONFIG,
  })
  @ApiKeyAuth()
  getEmailConfig(@Tenant() tenant: ApiKeyTenant) {
    return this.queries.execute(new GetEmailConfigQuery({ tenant }));
  }

  @Rpc('emailconfig/update', {
    message: 'Email configuration updated successfully.',
    summary: "Change the API key's email notification configuration (merged into what is stored)",
    data: UpdateEmailConfigRequest,
    response: EMAIL_CONFIG,
    errors: {
      ...CONFLICT,
      INVALID_ARGUMENT:
        'neither useEmailService nor emailServiceConfig given, an unknown type, a fromEmail that is not an address, a trigger not a boolean, type sendgrid on without an API key',
      FAILED_PRECONDITION: 'type default chosen while the server has no SMTP relay (SMTP_URL)',
    },
  })
  @ApiKeyAuth()
  updateEmailConfig(@Tenant() tenant: ApiKeyTenant, @RequestData() data: UpdateEmailConfigRequest) {
    const { useEmailService, emailServiceConfig } = data;
    return this.commands.execute(
      new UpdateEmailConfigCommand({ tenant, input: { useEmailService, emailServiceConfig } }),
    );
  }
}
