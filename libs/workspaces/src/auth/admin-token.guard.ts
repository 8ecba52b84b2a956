import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { matchesDigest, SERVER_SECRETS, ServiceError, type ServerSecrets } from '@app/platform';
import { HEADER, invalidCredentials, requiredHeader } from './headers';
import type { RequestWithTenant } from './tenant';

/** `x-service-admin-token` must equal the server's ADMIN_TOKEN (D3.1, D3.2). */
@Injectable()
export class AdminTokenGuard implements CanActivate {
  constructor(@Inject(SERVER_SECRETS) private readonly secrets: ServerSecrets) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<RequestWithTenant>();
    if (!this.secrets.adminTokenDigest) {
      throw new ServiceError(
        'FAILED_PRECONDITION',
        'workspace creation is disabled: set ADMIN_TOKEN',
      );
    }
    const token = requiredHeader(request, HEADER.adminToken);
    if (!matchesDigest(token, this.secrets.adminTokenDigest)) throw invalidCredentials();
    return true;
  }
}
