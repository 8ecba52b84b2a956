import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UserAccess } from '@app/access';
import { DocumentDirectory } from '@app/documents';
import { AggregateRepository } from '@app/event-store';
import { OrganizationScope } from '@app/organizations';
import { ServiceError } from '@app/platform';
import { metadataOf } from '@app/workspaces';
import type { EntityManager } from 'typeorm';
import { notificationTarget } from '../../domain/notification.aggregate';
import type { NotificationContent } from '../../domain/notification.events';
import { newNotificationId } from '../../domain/notification-id';
import { recipientMaps } from '../common/recipients';
import { AddNotificationCommand, type AddNotificationResult } from './add-notification.command';

/**
 * Operation 23. In one transaction: the organization and document are found or, when the
 * caller asks, made (else NOT_FOUND, D9.1); the notification is added, or replaced whole when
 * its id exists, so a retried call leaves one notification.
 */
@CommandHandler(AddNotificationCommand)
export class AddNotificationHandler implements ICommandHandler<AddNotificationCommand> {
  constructor(
    private readonly repository: AggregateRepository,
    private readonly organizations: OrganizationScope,
    private readonly documents: DocumentDirectory,
    private readonly access: UserAccess,
  ) {}

  execute({ tenant, input }: AddNotificationCommand): Promise<AddNotificationResult> {
    if (!input.isNotificationResolverUsed && input.displayHeadlineMessageTemplate === undefined) {
      throw ServiceError.invalidField(
        'data.displayHeadlineMessageTemplate',
        'displayHeadlineMessageTemplate is required unless isNotificationResolverUsed is true',
      );
    }
    const { apiKey } = tenant;
    const { organizationId, documentId } = input;
    const ref = {
      apiKey,
      organizationId,
      notificationId: input.notificationId ?? newNotificationId(),
    };
    const given = recipientMaps(input.notifyUsers ?? [], 'data.notifyUsers');
    return this.repository.update(notificationTarget(ref), metadataOf(tenant), {
      before: async (manager) => {
        const at = Date.now();
        const scope = await this.organizations.open(manager, {
          apiKey,
          organizationId,
          createOrganization: input.createOrganization,
          at,
        });
        const document = await this.documents.open(manager, {
          apiKey,
          organizationId,
          documentId,
          createDocument: input.createDocument,
          accessType: tenant.options.defaultDocumentAccessType,
          at,
          // A disabled organization or document takes no notifications (D6.6).
          use: 'user-content',
        });
        // D15.3: with verifyUserPermissions, only users with access to the document (by id:
        // one given by email alone cannot be checked) are notified.
        const recipients = input.verifyUserPermissions
          ? recipientMaps(await this.withAccess(manager, tenant, input), 'data.notifyUsers')
          : given;
        return { at, recipients, toSave: [...scope.toSave, ...document] };
      },
      decide: (notification, { prepared: { at, recipients } }) => {
        const message = notification.add(contentOf(input, recipients, at), at);
        return { success: true, message };
      },
    });
  }

  private async withAccess(
    manager: EntityManager,
    tenant: AddNotificationCommand['tenant'],
    input: AddNotificationCommand['input'],
  ) {
    const users = (input.notifyUsers ?? []).filter((u) => u.userId);
    const allowed = await this.access.usersWithAccess(
      manager,
      {
        apiKey: tenant.apiKey,
        organizationId: input.organizationId,
        documentId: input.documentId,
        accessTypeIfMade: tenant.options.defaultDocumentAccessType,
      },
      users.map((u) => u.userId!),
    );
    return users.filter((u) => allowed.has(u.userId!));
  }
}

function contentOf(
  input: AddNotificationCommand['input'],
  recipients: ReturnType<typeof recipientMaps>,
  at: number,
): NotificationContent {
  return {
    documentId: input.documentId,
    ...(input.location && { location: { ...input.location } }),
    notificationSource: input.notificationSource ?? 'custom',
    actionUser: { ...input.actionUser },
    ...(input.displayHeadlineMessageTemplate !== undefined && {
      displayHeadlineMessageTemplate: input.displayHeadlineMessageTemplate,
    }),
    displayHeadlineMessageTemplateData: input.displayHeadlineMessageTemplateData ?? {},
    ...(input.displayBodyMessage !== undefined && { displayBodyMessage: input.displayBodyMessage }),
    notificationSourceData: input.notificationSourceData ?? {},
    ...recipients,
    notifyAll: input.notifyAll ?? true,
    ...(input.verifyUserPermissions !== undefined && {
      verifyUserPermissions: input.verifyUserPermissions,
    }),
    ...(input.isNotificationResolverUsed !== undefined && {
      isNotificationResolverUsed: input.isNotificationResolverUsed,
    }),
    ...(input.context && { context: { access: input.context.access } }),
    timestamp: at,
  };
}
