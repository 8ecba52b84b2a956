import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DEFAULT_ACCESS_ROLE } from '../../domain/resource';
import { byOrganization } from '../common/resource-targets';
import { UserPermissionStreams } from '../common/user-permission-streams';
import { AddPermissionsCommand } from './add-permissions.command';

/**
 * Grants in one transaction; a resource held already gets the role and expiry given (a
 * repeated call changes nothing). The resources need not exist yet: access is judged when
 * it is asked for, so a grant may come before its document.
 */
@CommandHandler(AddPermissionsCommand)
export class AddPermissionsHandler implements ICommandHandler<AddPermissionsCommand> {
  constructor(private readonly streams: UserPermissionStreams) {}

  async execute({ tenant, userId, resources }: AddPermissionsCommand): Promise<null> {
    const groups = byOrganization(resources, 'data.permissions.resources');
    const at = Date.now();
    await this.streams.change(tenant, userId, [...groups.keys()], (permissions, organizationId) =>
      permissions.grant(
        groups.get(organizationId)!.map(({ type, id, accessRole, expiresAt }) => ({
          type,
          id,
          accessRole: accessRole ?? DEFAULT_ACCESS_ROLE,
          expiresAt: expiresAt ?? null,
        })),
        at,
      ),
    );
    return null;
  }
}
