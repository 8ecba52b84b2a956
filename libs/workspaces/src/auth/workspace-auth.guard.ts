import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { matchesDigest } from '@app/platform';
import { DataSource } from 'typeorm';
import { HEADER, invalidCredentials, requiredHeader } from './headers';
import type { RequestWithTenant } from './tenant';

// Compared against when the workspace is unknown, so both cases take the same time.
const NO_DIGEST = '0'.repeat(64);

/**
 * Workspace-level credentials: `x-service-workspace-id` + `x-service-auth-token` (or the
 * hosted `x-service-workspace-auth-token`, D2.7).
 */
@Injectable()
export class WorkspaceAuthGuard implements CanActivate {
  constructor(private readonly dataSource: DataSource) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithTenant>();
    const workspaceId = requiredHeader(request, HEADER.workspaceId);
    const token = requiredHeader(request, HEADER.authToken, HEADER.workspaceAuthToken);
    const [row] = await this.dataSource.query(
      `SELECT auth_token_digest FROM workspaces WHERE id = $1`,
      [workspaceId],
    );
    const ok = matchesDigest(token, row?.auth_token_digest ?? NO_DIGEST);
    if (!row || !ok) throw invalidCredentials();
    request.tenant = { workspaceId, requestId: String(request.id) };
    return true;
  }
}
