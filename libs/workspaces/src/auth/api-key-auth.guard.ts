import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ServiceError, sha256 } from '@app/platform';
import { DataSource } from 'typeorm';
import { hostMatchesDomain } from '../domain/domain-name';
import { HEADER, invalidCredentials, requiredHeader } from './headers';
import type { RequestWithTenant } from './tenant';
import { credentialCaches, type ApiKeyCredential, type CredentialCache } from './credential-cache';

/** An Origin is accepted when absent or when its host matches one of the token's domains (D2.4). */
function originAllowed(origin: string | undefined, domains: readonly string[]): boolean {
  if (domains.length === 0 || !origin) return true;
  let host: string;
  try {
    host = new URL(origin).hostname;
  } catch {
    return false;
  }
  return domains.some((domain) => hostMatchesDomain(host, domain));
}

export const BODY_CREDENTIALS = 'api-key:body-credentials';

/**
 * The credentials of a request: the headers; for an operation that also takes them in its
 * body (operation 13, D2.6), the body's when the headers are absent. When both are given,
 * they must name the same key.
 */
function credentialsOf(request: RequestWithTenant, bodyAllowed: boolean): [string, string] {
  const body = (request as { body?: { data?: { apiKey?: unknown; authToken?: unknown } } }).body
    ?.data;
  const bodyKey = bodyAllowed && typeof body?.apiKey === 'string' ? body.apiKey : undefined;
  const bodyToken = bodyAllowed && typeof body?.authToken === 'string' ? body.authToken : undefined;
  if (bodyKey && bodyToken && !request.headers[HEADER.apiKey]) return [bodyKey, bodyToken];
  if (!request.headers[HEADER.apiKey] && request.headers[HEADER.workspaceId]) {
    // A caller of an operation's workspace-level form (apikeyconfig's before D3.4 moved it).
    throw new ServiceError(
      'UNAUTHENTICATED',
      `Missing header ${HEADER.apiKey}: this operation is at API-key level; send ${HEADER.apiKey} and ${HEADER.authToken} (an auth token of that key) instead of the workspace credentials`,
    );
  }
  const apiKey = requiredHeader(request, HEADER.apiKey);
  const token = requiredHeader(request, HEADER.authToken);
  if (bodyKey !== undefined && bodyKey !== apiKey) {
    throw new ServiceError('PERMISSION_DENIED', 'The apiKey in the body and in the header differ');
  }
  return [apiKey, token];
}

/** API-key-level credentials: `x-service-api-key` + an auth token of that key. */
@Injectable()
export class ApiKeyAuthGuard implements CanActivate {
  private readonly cache: CredentialCache<ApiKeyCredential>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly reflector: Reflector,
  ) {
    this.cache = credentialCaches(dataSource).apiKeys;
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithTenant>();
    const bodyAllowed =
      this.reflector.get<boolean>(BODY_CREDENTIALS, context.getHandler()) ?? false;
    const [apiKey, token] = credentialsOf(request, bodyAllowed);
    const digest = sha256(token);
    const row = await this.cache.load(`${apiKey}\n${digest}`, async () => {
      const [found]: ApiKeyCredential[] = await this.dataSource.query(
        `SELECT t.token_digest, t.domains, k.workspace_id, k.options
         FROM auth_tokens t JOIN api_keys k ON k.api_key = t.api_key
         WHERE t.api_key = $1 AND t.token_digest = $2`,
        [apiKey, digest],
      );
      // Kept and shared by later requests: nothing of it may change.
      if (found) {
        Object.freeze(found.domains);
        Object.freeze(found.options);
      }
      return found;
    });
    // Found by its digest: the token matches.
    if (!row) throw invalidCredentials();
    const origin = request.headers.origin;
    if (!originAllowed(Array.isArray(origin) ? origin[0] : origin, row.domains)) {
      throw new ServiceError('PERMISSION_DENIED', "Origin is not among the auth token's domains");
    }
    request.tenant = {
      workspaceId: row.workspace_id,
      apiKey,
      options: row.options,
      requestId: String(request.id),
    };
    return true;
  }
}
