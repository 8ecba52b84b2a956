import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository, retryOnConflict } from '@app/event-store';
import { randomSecret, sha256 } from '@app/platform';
import {
  Workspace,
  WORKSPACE_STREAM_TYPE,
  workspaceStream,
} from '../../domain/workspace.aggregate';
import { metadataOf } from '../shared/event-metadata';
import { ResetWorkspaceAuthTokenCommand } from './reset-workspace-auth-token.command';

@CommandHandler(ResetWorkspaceAuthTokenCommand)
export class ResetWorkspaceAuthTokenHandler implements ICommandHandler<ResetWorkspaceAuthTokenCommand> {
  constructor(private readonly repository: AggregateRepository) {}

  async execute({ tenant }: ResetWorkspaceAuthTokenCommand): Promise<{ authToken: string }> {
    const authToken = randomSecret('wst_');
    const streamId = workspaceStream(tenant.workspaceId);
    await retryOnConflict(async () => {
      const workspace = await this.repository.load(streamId, () => new Workspace());
      workspace.resetAuthToken(sha256(authToken));
      await this.repository.save(
        [{ streamType: WORKSPACE_STREAM_TYPE, streamId, aggregate: workspace }],
        metadataOf(tenant),
      );
    });
    return { authToken };
  }
}
