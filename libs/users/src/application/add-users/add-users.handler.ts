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

  execute({ tenant, target, users, create }: AddUsersCommand): Promise<BatchResult> {
    const at = Date.now();
    const { apiKey } = tenant;
    const { organizationId, scope } = target;
    return this.batches.run({
      ...userBatch(tenant, target, users, (record, { userId: _, ...fields }) =>
        record.add(fields, at),
      ),
      // The organization, folder or document is found, or made by its own library's
      // aggregate (its events, read rows and webhooks as documents/add makes them), in the
      // users' transaction: a call that fails makes nothing.
      prepare: async (manager) => {
        const opened = await this.organizations.open(manager, {
          apiKey,
          organizationId,
          createOrganization: create.organization,
          folderId: scope.type === 'folder' ? scope.id : undefined,
          createFolder: create.folder,
          at,
        });
        if (scope.type !== 'document') return opened.toSave;
        const document = await this.documents.open(manager, {
          apiKey,
          organizationId,
          documentId: scope.id,
          createDocument: create.document,
          accessType: tenant.options.defaultDocumentAccessType,
          at,
        });
        return [...opened.toSave, ...document];
      },
    });
  }
}
