import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { AdminTokenGuard } from './admin-token.guard';
import { ApiKeyAuthGuard, BODY_CREDENTIALS } from './api-key-auth.guard';
import { ApiKeyOptionGuard, REQUIRED_OPTION, type SwitchableOption } from './api-key-option.guard';
import { HEADER } from './headers';
import { WorkspaceAuthGuard } from './workspace-auth.guard';

/** Server administrator: `x-service-admin-token` (D3.1). */
export const AdminAuth = () =>
  applyDecorators(
    UseGuards(AdminTokenGuard),
    ApiHeader({ name: HEADER.adminToken, required: true }),
  );

/** Workspace-level credentials (operations 1 and 2, console settings). */
export const WorkspaceAuth = () =>
  applyDecorators(
    UseGuards(WorkspaceAuthGuard),
    ApiHeader({ name: HEADER.workspaceId, required: true }),
    ApiHeader({ name: HEADER.authToken, required: true }),
  );

/**
 * API-key-level credentials (every other operation); `requires` names a console option the
 * operation needs on, else FAILED_PRECONDITION (D3.4); `bodyCredentials` also accepts
 * `apiKey`/`authToken` in the body (operation 13, D2.6).
 */
export const ApiKeyAuth = (
  options: { requires?: SwitchableOption; bodyCredentials?: boolean } = {},
) =>
  applyDecorators(
    UseGuards(ApiKeyAuthGuard, ApiKeyOptionGuard),
    SetMetadata(REQUIRED_OPTION, options.requires),
    SetMetadata(BODY_CREDENTIALS, options.bodyCredentials ?? false),
    ApiHeader({ name: HEADER.apiKey, required: true }),
    ApiHeader({ name: HEADER.authToken, required: true }),
  );
