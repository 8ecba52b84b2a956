import { Injectable } from '@nestjs/common';
import { ServiceError } from '@app/platform';
import type { DocumentAccessType } from '@app/workspaces';
import type { EntityManager } from 'typeorm';
import { hasAccess, resourceVerdict } from '../common/access-facts';
import { AccessReader } from '../common/access-reader';

/** The document a write acts on, and the access type a document it makes there gets. */
export interface AccessTarget {
  apiKey: string;
  organizationId: string;
  documentId: string;
  /** The access type of the document when the write makes it (it is not stored yet). */
  accessTypeIfMade: DocumentAccessType;
}

/**
 * `verifyUserPermissions` (D15.3): which users may act on a document, by their permissions
 * (`/v2/auth/permissions/add`, user records) and its access type (D6.4). The port other
 * libraries call; it runs in their transaction, so it sees what the write made before.
 */
@Injectable()
export class UserAccess {
  constructor(private readonly reader: AccessReader) {}

  /** The users among `userIds` who have access to the document (any role). */
  async usersWithAccess(
    manager: EntityManager,
    target: AccessTarget,
    userIds: readonly string[],
  ): Promise<Set<string>> {
    const users = [...new Set(userIds)];
    if (users.length === 0) return new Set();
    const { apiKey, organizationId, documentId } = target;
    // One after the other: the caller's transaction holds one connection.
    const organization = await this.reader.organization(apiKey, organizationId, manager);
    const documents = await this.reader.documents(apiKey, organizationId, [documentId], manager);
    const grants = await this.reader.grants(apiKey, organizationId, users, manager);
    const document = documents.get(documentId) ?? {
      type: 'document' as const,
      id: documentId,
      accessType: target.accessTypeIfMade,
      disabled: false,
      folders: [],
    };
    const orgDisabled = organization?.disabled ?? false;
    return new Set(
      users.filter((u) =>
        hasAccess(resourceVerdict(organizationId, document, grants.get(u)!, orgDisabled)),
      ),
    );
  }

  /**
   * A write on behalf of users (hosted: "if verification fails, the request will be
   * rejected"): PERMISSION_DENIED naming each user without access, so nothing is written.
   */
  async requireAccess(
    manager: EntityManager,
    target: AccessTarget,
    userIds: readonly string[],
  ): Promise<void> {
    const allowed = await this.usersWithAccess(manager, target, userIds);
    const refused = [...new Set(userIds.filter((u) => !allowed.has(u)))];
    if (refused.length > 0) {
      throw new ServiceError(
        'PERMISSION_DENIED',
        `User does not have access to document: ${refused.join(', ')}`,
        { userIds: refused },
      );
    }
  }
}
