import { Aggregate } from '@app/event-store';
import {
  AiModelConfigUpdated,
  WorkspaceAuthTokenReset,
  WorkspaceCreated,
  type AiProvider,
  type StoredProviderKey,
  type WorkspaceEvent,
} from './workspace.events';

export const workspaceStream = (workspaceId: string): string => `workspace-${workspaceId}`;
export const WORKSPACE_STREAM_TYPE = 'workspace';

export class Workspace extends Aggregate<WorkspaceEvent> {
  id = '';
  providers: Partial<Record<AiProvider, StoredProviderKey>> = {};

  static create(input: ReturnType<typeof WorkspaceCreated>['data']): Workspace {
    const workspace = new Workspace();
    workspace.raise(WorkspaceCreated(input));
    return workspace;
  }

  resetAuthToken(authTokenDigest: string): void {
    this.raise(WorkspaceAuthTokenReset({ authTokenDigest }));
  }

  updateAiProviders(providers: Partial<Record<AiProvider, StoredProviderKey | null>>): void {
    if (Object.keys(providers).length > 0) this.raise(AiModelConfigUpdated({ providers }));
  }

  protected when(event: WorkspaceEvent): void {
    if (WorkspaceCreated.is(event)) this.id = event.data.workspaceId;
    if (AiModelConfigUpdated.is(event)) {
      for (const [name, key] of Object.entries(event.data.providers)) {
        if (key) this.providers[name as AiProvider] = key;
        else delete this.providers[name as AiProvider];
      }
    }
  }
}
