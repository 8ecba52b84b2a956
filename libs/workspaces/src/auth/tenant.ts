import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { ApiKeyOptions } from '../domain/api-key.events';

/** The caller resolved by a workspace-level guard. */
export interface WorkspaceTenant {
  workspaceId: string;
  requestId: string;
}

/** The caller resolved by the API-key guard: every read and write is scoped to `apiKey` (D4.1). */
export interface ApiKeyTenant extends WorkspaceTenant {
  apiKey: string;
  options: ApiKeyOptions;
}

export interface RequestWithTenant {
  id: string;
  headers: Record<string, string | string[] | undefined>;
  tenant?: WorkspaceTenant | ApiKeyTenant;
}

/** The tenant a guard resolved; handlers never read credential headers themselves. */
export const Tenant = createParamDecorator((_: unknown, ctx: ExecutionContext) => {
  return ctx.switchToHttp().getRequest<RequestWithTenant>().tenant;
});
