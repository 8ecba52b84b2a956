import type { StoredEndpoint } from '../../domain/webhook-settings.events';

/** An endpoint as the advanced webhooks calls answer it (no secret). */
export interface EndpointView {
  id: string;
  url: string;
  description: string | null;
  filterTypes: string[] | null;
  channels: string[] | null;
  disabled: boolean;
  rateLimit: number | null;
  uid: string | null;
  metadata?: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

export const endpointView = (e: Omit<StoredEndpoint, 'seq' | 'sealedSecret'>): EndpointView => ({
  id: e.endpointId,
  url: e.url,
  description: e.description,
  filterTypes: e.filterTypes,
  channels: e.channels,
  disabled: e.disabled,
  rateLimit: e.rateLimit,
  uid: e.uid,
  ...(e.metadata && { metadata: e.metadata }),
  createdAt: new Date(e.createdAt).toISOString(),
  updatedAt: new Date(e.updatedAt).toISOString(),
});
