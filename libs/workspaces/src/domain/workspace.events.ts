import { defineEvent } from '@app/event-store';

export const AI_PROVIDERS = ['openai', 'anthropic', 'gemini'] as const;
export type AiProvider = (typeof AI_PROVIDERS)[number];

/**
 * A provider's settings at rest: the key sealed (AES-256-GCM) plus its last four characters
 * for display; for self-hosted or proxied models an endpoint and the models allowed (D12).
 */
export interface StoredProviderKey {
  sealedKey: string;
  last4: string;
  baseUrl?: string;
  models?: string[];
}

export const WorkspaceCreated = defineEvent<{
  workspaceId: string;
  name: string;
  ownerEmail: string;
  ownerName: string;
  /** Absent from workspaces made before owners had an id. */
  ownerId?: string;
  ownerAvatar?: string;
  authTokenDigest: string;
  createdAt: number;
}>()('workspaces.workspace-created');

export const WorkspaceAuthTokenReset = defineEvent<{ authTokenDigest: string }>()(
  'workspaces.workspace-auth-token-reset',
);

/** Only the providers named change; `null` removes one (D3.5). */
export const AiModelConfigUpdated = defineEvent<{
  providers: Partial<Record<AiProvider, StoredProviderKey | null>>;
}>()('workspaces.ai-model-config-updated');

export type WorkspaceEvent =
  | ReturnType<typeof WorkspaceCreated>
  | ReturnType<typeof WorkspaceAuthTokenReset>
  | ReturnType<typeof AiModelConfigUpdated>;
