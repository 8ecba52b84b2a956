import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '@app/event-store';
import { randomSecret, sha256 } from '@app/platform';
import {
  Workspace,
  WORKSPACE_STREAM_TYPE,
  workspaceStream,
} from '../../domain/workspace.aggregate';
import { metadataOf } from '../common/event-metadata';
import { ResetWorkspaceAuthTokenCommand } from './reset-workspace-auth-token.command';

@CommandHandler(ResetWorkspaceAuthTokenCommand)
export class ResetWorkspaceAuthTokenHandler implements ICommandHandler<ResetWorkspaceAuthTokenCommand> {
  constructor(private readonly repository: AggregateRepository) {}

  async execute({ tenant }: ResetWorkspaceAuthTokenCommand): Promise<{ authToken: string }> {
    const authToken = randomSecret('wst_');
    await this.repository.update(
      {
        streamId: workspaceStream(tenant.workspaceId),
        streamType: WORKSPACE_STREAM_TYPE,
        create: () => new Workspace(),
      },
      metadataOf(tenant),
      (workspace) => workspace.resetAuthToken(sha256(authToken)),
    );
    return { authToken };
  }
}
