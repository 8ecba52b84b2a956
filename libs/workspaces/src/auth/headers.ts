import { ServiceError } from '@app/platform';
import type { RequestWithTenant } from './tenant';

export const HEADER = {
  workspaceId: 'x-service-workspace-id',
  apiKey: 'x-service-api-key',
  authToken: 'x-service-auth-token',
  /** The hosted name of the workspace-level token header, accepted as well (D2.7). */
  workspaceAuthToken: 'x-service-workspace-auth-token',
  adminToken: 'x-service-admin-token',
} as const;

/**
 * A required credential header (or its `alternative` name); missing or empty answers
 * UNAUTHENTICATED naming it (D2.1).
 */
export function requiredHeader(
  request: RequestWithTenant,
  name: string,
  alternative?: string,
): string {
  for (const header of alternative ? [name, alternative] : [name]) {
    const value = request.headers[header];
    const text = Array.isArray(value) ? value[0] : value;
    if (text) return text;
  }
  throw new ServiceError('UNAUTHENTICATED', `Missing header ${name}`);
}

/** One message for every wrong credential, so callers cannot probe which keys exist (D2.2). */
export const invalidCredentials = (): ServiceError =>
  new ServiceError('UNAUTHENTICATED', 'Invalid credentials');
