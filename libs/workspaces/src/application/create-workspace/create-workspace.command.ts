import { CommandOf } from '@app/platform';

export interface CreatedWorkspace {
  id: string;
  name: string;
  owner: { email: string; id: string; name: string; avatar?: string };
  authToken: string;
  apiKeyList: Record<string, { id: string; apiKeyName: string; type: 'testing' }>;
}

/** D3.1: a workspace, its owner, its auth token and a testing API key with one auth token. */
/** The answer's message, over HTTP and from the CLI alike (D3.3: the same JSON). */
export const WORKSPACE_CREATED_MESSAGE = 'Workspace created successfully.';

export class CreateWorkspaceCommand extends CommandOf<
  {
    input: { ownerEmail: string; name?: string; workspaceName?: string; avatar?: string };
    requestId: string;
  },
  CreatedWorkspace
>() {}
