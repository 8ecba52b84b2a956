import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '@app/event-store';
import { randomId, randomSecret, sha256 } from '@app/platform';
import { API_KEY_STREAM_TYPE, apiKeyStream } from '../../domain/api-key.aggregate';
import {
  Workspace,
  WORKSPACE_STREAM_TYPE,
  workspaceStream,
} from '../../domain/workspace.aggregate';
import { ApiKeyIssuer } from '../common/api-key-issuer';
import { CreateWorkspaceCommand, type CreatedWorkspace } from './create-workspace.command';

@CommandHandler(CreateWorkspaceCommand)
export class CreateWorkspaceHandler implements ICommandHandler<CreateWorkspaceCommand> {
  constructor(
    private readonly repository: AggregateRepository,
    private readonly issuer: ApiKeyIssuer,
  ) {}

  async execute({ input, requestId }: CreateWorkspaceCommand): Promise<CreatedWorkspace> {
    const now = Date.now();
    const workspaceId = randomId();
    const authToken = randomSecret('wst_');
    const ownerName = input.name ?? '';
    const name = input.workspaceName ?? `${ownerName || input.ownerEmail} workspace`;
    const workspace = Workspace.create({
      workspaceId,
      name,
      ownerEmail: input.ownerEmail,
      ownerName,
      authTokenDigest: sha256(authToken),
      createdAt: now,
    });
    const apiKeyName = `${ownerName || input.ownerEmail} Test API Key`;
    const { aggregate, apiKey } = this.issuer.issue(
      workspaceId,
      { ownerEmail: input.ownerEmail, type: 'testing', apiKeyName, createAuthToken: true },
      now,
    );
    // New streams with random ids: no conflict to retry.
    await this.repository.save(
      [
        {
          streamType: WORKSPACE_STREAM_TYPE,
          streamId: workspaceStream(workspaceId),
          aggregate: workspace,
        },
        { streamType: API_KEY_STREAM_TYPE, streamId: apiKeyStream(apiKey), aggregate },
      ],
      { workspaceId, requestId, actor: 'admin', causationId: randomId() },
    );
    return {
      id: workspaceId,
      name,
      owner: { email: input.ownerEmail, name: ownerName },
      authToken,
      apiKeyList: { [apiKey]: { id: apiKey, apiKeyName, type: 'testing' } },
    };
  }
}
