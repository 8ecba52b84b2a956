import { ServiceError } from '@app/platform';
import type { RequestWithTenant } from './tenant';

export const HEADER = {
  workspaceId: 'x-service-workspace-id',
  apiKey: 'x-service-api-key',
  authToken: 'x-service-auth-token',
  adminToken: 'x-service-admin-token',
} as const;

/** A required credential header; missing or empty answers UNAUTHENTICATED naming it (D2.1). */
export function requiredHeader(request: RequestWithTenant, name: string): string {
  const value = request.headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) throw new ServiceError('UNAUTHENTICATED', `Missing header ${name}`);
  return text;
}

/** One message for every wrong credential, so callers cannot probe which keys exist (D2.2). */
export const invalidCredentials = (): ServiceError =>
  new ServiceError('UNAUTHENTICATED', 'Invalid credentials');
