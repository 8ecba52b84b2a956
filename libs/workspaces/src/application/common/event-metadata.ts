import type { EventMetadata } from '@app/event-store';
import type { ApiKeyTenant, WorkspaceTenant } from '../../auth/tenant';

/** Who caused an event, recorded with it (ARCHITECTURE "Event store"). */
export function metadataOf(tenant: WorkspaceTenant | ApiKeyTenant): EventMetadata {
  const apiKey = 'apiKey' in tenant ? tenant.apiKey : undefined;
  return {
    workspaceId: tenant.workspaceId,
    ...(apiKey && { apiKey }),
    requestId: tenant.requestId,
    actor: apiKey ? `api-key:${apiKey}` : `workspace:${tenant.workspaceId}`,
  };
}
