import { Query } from '@nestjs/cqrs';
import type { WorkspaceTenant } from '../../auth/tenant';

export interface ApiKeySummary {
  id: string;
  apiKeyName: string;
  type: string;
}

/** The hosted `workspace/get` answer, without the auth token (stored as a digest only, D2.5). */
export interface WorkspaceView {
  id: string;
  name: string;
  owner: { email: string; id?: string; name: string; avatar?: string };
  apiKeyList: Record<string, ApiKeySummary>;
}

/** The hosted `workspace/get`: the caller's own workspace and its API keys. */
export class GetWorkspaceQuery extends Query<WorkspaceView> {
  constructor(readonly tenant: WorkspaceTenant) {
    super();
  }
}
