import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { byOrganization } from '../common/resource-targets';
import { UserPermissionStreams } from '../common/user-permission-streams';
import { RemovePermissionsCommand } from './remove-permissions.command';

/** Revokes in one transaction; a grant the user does not hold is no change (hosted success). */
@CommandHandler(RemovePermissionsCommand)
export class RemovePermissionsHandler implements ICommandHandler<RemovePermissionsCommand> {
  constructor(private readonly streams: UserPermissionStreams) {}

  async execute({ tenant, userId, resources }: RemovePermissionsCommand): Promise<null> {
    const groups = byOrganization(resources, 'data.permissions.resources');
    const at = Date.now();
    await this.streams.change(tenant, userId, [...groups.keys()], (permissions, organizationId) =>
      permissions.revoke(groups.get(organizationId)!, at),
    );
    return null;
  }
}
