import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { matchesDigest, sha256 } from '@app/platform';
import { DataSource } from 'typeorm';
import { HEADER, invalidCredentials, requiredHeader } from './headers';
import type { RequestWithTenant } from './tenant';
import { credentialCaches, type CredentialCache } from './credential-cache';

// Compared against when the workspace is unknown, so both cases take the same time.
const NO_DIGEST = '0'.repeat(64);

/**
 * Workspace-level credentials: `x-service-workspace-id` + `x-service-auth-token` (or the
 * hosted `x-service-workspace-auth-token`, D2.7).
 */
@Injectable()
export class WorkspaceAuthGuard implements CanActivate {
  /** Valid workspace credentials: the workspace id by the id and the token's digest. */
  private readonly cache: CredentialCache<string>;

  constructor(private readonly dataSource: DataSource) {
    this.cache = credentialCaches(dataSource).workspaces;
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithTenant>();
    const workspaceId = requiredHeader(request, HEADER.workspaceId);
    const token = requiredHeader(request, HEADER.authToken, HEADER.workspaceAuthToken);
    // Keyed on the token too and kept only once it matched: an unknown workspace and a wrong
    // token both ask the database and compare, so neither answers faster than the other.
    const valid = await this.cache.load(`${workspaceId}\n${sha256(token)}`, async () => {
      const [row] = await this.dataSource.query(
        `SELECT auth_token_digest FROM workspaces WHERE id = $1`,
        [workspaceId],
      );
      const digest = row?.auth_token_digest as string | undefined;
      const ok = matchesDigest(token, digest ?? NO_DIGEST);
      return digest && ok ? workspaceId : undefined;
    });
    if (!valid) throw invalidCredentials();
    request.tenant = { workspaceId, requestId: String(request.id) };
    return true;
  }
}
