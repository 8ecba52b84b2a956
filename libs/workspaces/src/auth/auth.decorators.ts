import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import { ApiFailure, ApiSecurity } from '@app/platform';
import { AdminTokenGuard } from './admin-token.guard';
import { ApiKeyAuthGuard, BODY_CREDENTIALS } from './api-key-auth.guard';
import { ApiKeyOptionGuard, REQUIRED_OPTION, type SwitchableOption } from './api-key-option.guard';
import type { SecuritySchemeName } from './openapi-security';
import { WorkspaceAuthGuard } from './workspace-auth.guard';

/** One way to authenticate: every scheme named must be sent (OpenAPI security requirement). */
const Requires = (...schemes: SecuritySchemeName[]) =>
  ApiSecurity(Object.fromEntries(schemes.map((scheme) => [scheme, []])));

const Unauthenticated = () =>
  ApiFailure(
    'UNAUTHENTICATED',
    'a credential header is missing (named in the message) or the credentials are wrong',
  );

/** Server administrator: `x-service-admin-token` (D3.1). */
export const AdminAuth = () =>
  applyDecorators(
    UseGuards(AdminTokenGuard),
    Requires('adminToken'),
    Unauthenticated(),
    ApiFailure(
      'FAILED_PRECONDITION',
      'no ADMIN_TOKEN is configured on an external database (D3.2)',
    ),
  );

/** Workspace-level credentials (operations 1 and 2, console settings). */
export const WorkspaceAuth = () =>
  applyDecorators(
    UseGuards(WorkspaceAuthGuard),
    // The workspace auth token under either header name (D2.7).
    Requires('workspaceId', 'authToken'),
    Requires('workspaceId', 'workspaceAuthToken'),
    Unauthenticated(),
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
    Requires('apiKey', 'authToken'),
    // No header at all: `data.apiKey` and `data.authToken` in the body instead.
    ...(options.bodyCredentials ? [Requires()] : []),
    Unauthenticated(),
    ApiFailure(
      'PERMISSION_DENIED',
      options.bodyCredentials
        ? "the request's Origin is outside the auth token's domains, or the body and header credentials name different keys (D2.4, D2.6)"
        : "the request's Origin is outside the auth token's domains (D2.4)",
    ),
    ...(options.requires
      ? [
          ApiFailure(
            'FAILED_PRECONDITION',
            `the API key's ${options.requires} option is off (D3.4)`,
          ),
        ]
      : []),
  );
