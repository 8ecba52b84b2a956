import {
  Controller,
  Injectable,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiTags, CONFLICT, isPlainObject, RequestData, Rpc, ServiceError } from '@app/platform';
import { ApiKeyAuth, Tenant, type ApiKeyTenant } from '@app/workspaces';
import { GetEmailConfigQuery } from '../application/get-email-config/get-email-config.query';
import { UpdateEmailConfigCommand } from '../application/update-email-config/update-email-config.command';
import { EMAIL_CONFIG } from './dto/email-config.response';
import { UpdateEmailConfigRequest } from './dto/update-email-config.request';

/** Names Nest's ValidationPipe deletes from any object it validates (against prototype pollution). */
const STRIPPED_NAMES = new Set(['constructor', 'prototype', '__proto__']);
const TRIGGERS_FIELD = 'data.emailServiceConfig.triggers';

/**
 * Refuses the trigger names the validation pipe would silently delete, so a caller never gets
 * a 200 for a trigger that was not stored. Runs before the pipes (interceptors do), on the
 * body as parsed. Other Object.prototype names (`toString`, …) are kept as given.
 */
@Injectable()
class StrippedTriggerNames implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler) {
    const { body } = context.switchToHttp().getRequest<{ body?: unknown }>();
    const config = isPlainObject(body) && isPlainObject(body.data) && body.data.emailServiceConfig;
    const triggers = isPlainObject(config) ? config.triggers : undefined;
    if (isPlainObject(triggers)) {
      for (const [name, value] of Object.entries(triggers)) {
        const names = isPlainObject(value) ? [name, ...Object.keys(value)] : [name];
        const stripped = names.find((n) => STRIPPED_NAMES.has(n));
        if (stripped !== undefined) {
          throw ServiceError.invalidField(
            TRIGGERS_FIELD,
            `${TRIGGERS_FIELD} must not use the name "${stripped}" (constructor, prototype and __proto__ are reserved)`,
          );
        }
      }
    }
    return next.handle();
  }
}

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
        'neither useEmailService nor emailServiceConfig given, an unknown type, a fromEmail that is not an address, a trigger not a boolean or named constructor/prototype, an apiKey that looks masked but is not the mask of the stored key, type sendgrid on without an API key',
      FAILED_PRECONDITION: 'type default chosen while the server has no SMTP relay (SMTP_URL)',
    },
  })
  @ApiKeyAuth()
  @UseInterceptors(StrippedTriggerNames)
  updateEmailConfig(@Tenant() tenant: ApiKeyTenant, @RequestData() data: UpdateEmailConfigRequest) {
    const { useEmailService, emailServiceConfig } = data;
    return this.commands.execute(
      new UpdateEmailConfigCommand({ tenant, input: { useEmailService, emailServiceConfig } }),
    );
  }
}
