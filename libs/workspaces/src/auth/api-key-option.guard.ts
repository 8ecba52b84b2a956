import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ServiceError } from '@app/platform';
import type { ApiKeyOptions } from '../domain/api-key.events';
import type { ApiKeyTenant, RequestWithTenant } from './tenant';

export const REQUIRED_OPTION = 'api-key:required-option';

export type SwitchableOption = 'advancedQueriesEnabled' | 'activityServiceEnabled';

const OPTION_NAMES: Record<SwitchableOption, string> = {
  advancedQueriesEnabled: 'advanced queries',
  activityServiceEnabled: 'the activity service',
};

/** Runs after ApiKeyAuthGuard: an operation whose console option is off (D3.4). */
@Injectable()
export class ApiKeyOptionGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const option = this.reflector.get<SwitchableOption | undefined>(
      REQUIRED_OPTION,
      context.getHandler(),
    );
    if (!option) return true;
    const tenant = context.switchToHttp().getRequest<RequestWithTenant>().tenant as ApiKeyTenant;
    const options: Partial<ApiKeyOptions> = tenant?.options ?? {};
    if (options[option]) return true;
    throw new ServiceError(
      'FAILED_PRECONDITION',
      `This operation needs ${OPTION_NAMES[option]} enabled for the API key (${option}); turn it on with /v2/workspace/apikeyconfig/update`,
    );
  }
}
