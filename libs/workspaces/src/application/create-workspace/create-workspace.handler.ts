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

/** The hosted default: the email's local part, capitalised (`ada@x.org`: "Ada Test API Key"). */
export function testKeyNameOf(ownerEmail: string): string {
  const local = ownerEmail.slice(0, ownerEmail.lastIndexOf('@'));
  return `${local.charAt(0).toUpperCase()}${local.slice(1)} Test API Key`;
}

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
    // The hosted defaults: the owner named by their email, the workspace by the owner.
    const ownerName = input.name ?? input.ownerEmail;
    const name = input.workspaceName ?? `${ownerName} workspace`;
    const owner = {
      email: input.ownerEmail,
      id: randomId(),
      name: ownerName,
      ...(input.avatar !== undefined && { avatar: input.avatar }),
    };
    const workspace = Workspace.create({
      workspaceId,
      name,
      ownerEmail: owner.email,
      ownerName,
      ownerId: owner.id,
      ...(owner.avatar !== undefined && { ownerAvatar: owner.avatar }),
      authTokenDigest: sha256(authToken),
      createdAt: now,
    });
    const apiKeyName = testKeyNameOf(input.ownerEmail);
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
      owner,
      authToken,
      apiKeyList: { [apiKey]: { id: apiKey, apiKeyName, type: 'testing' } },
    };
  }
}
