import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { StreamBatchRunner, type BatchResult } from '@app/event-store';
import { DocumentDirectory } from '@app/documents';
import { OrganizationScope } from '@app/organizations';
import { userBatch } from '../common/user-batch';
import { AddUsersCommand } from './add-users.command';

@CommandHandler(AddUsersCommand)
export class AddUsersHandler implements ICommandHandler<AddUsersCommand> {
  constructor(
    private readonly batches: StreamBatchRunner,
    private readonly organizations: OrganizationScope,
    private readonly documents: DocumentDirectory,
  ) {}

  execute({ tenant, target, users }: AddUsersCommand): Promise<BatchResult> {
    const at = Date.now();
    const { organizationId, scope } = target;
    return this.batches.run({
      ...userBatch(tenant, target, users, (record, { userId: _, ...fields }) =>
        record.add(fields, at),
      ),
      // The scope must exist: a folder or document is never made here (NOT_FOUND).
      prepare: async (manager) => {
        const opened = await this.organizations.open(manager, {
          apiKey: tenant.apiKey,
          organizationId,
          createOrganization: true,
          folderId: scope.type === 'folder' ? scope.id : undefined,
          at,
        });
        if (scope.type === 'document') {
          await this.documents.require(tenant.apiKey, organizationId, scope.id, manager);
        }
        return opened.toSave;
      },
    });
  }
}
