import { Injectable } from '@nestjs/common';
import {
  AggregateRepository,
  BatchOutcome,
  DUPLICATE_ID_MESSAGE,
  repeatedIds,
  type BatchResult,
} from '@app/event-store';
import { metadataOf, type ApiKeyTenant } from '@app/workspaces';
import type { FolderTree } from '../../domain/folder-tree.aggregate';
import type { FolderItem } from './folder-item';
import { OrganizationScope } from './organization-scope';

/**
 * Folder writes (folders/add, operation 9): every item is decided in order on the
 * organization's folder tree, so an item may name a parent added earlier in the same call,
 * and the tree is appended once with all successful items' events.
 */
@Injectable()
export class FolderBatch {
  constructor(
    private readonly repository: AggregateRepository,
    private readonly scope: OrganizationScope,
  ) {}

  run(
    tenant: ApiKeyTenant,
    request: { organizationId: string; createOrganization?: boolean; folders: FolderItem[] },
    decide: (tree: FolderTree, item: FolderItem, at: number) => string,
  ): Promise<BatchResult> {
    const at = Date.now();
    const repeated = repeatedIds(request.folders.map((f) => f.folderId));
    // The tree (and an organization made on the fly) is what the scope opens.
    return this.repository.updateMany([], metadataOf(tenant), {
      before: (manager) =>
        this.scope.open(manager, {
          apiKey: tenant.apiKey,
          organizationId: request.organizationId,
          createOrganization: request.createOrganization,
          at,
        }),
      decide: (_none, { prepared: { tree } }) => {
        const outcome = new BatchOutcome();
        for (const item of request.folders) {
          if (repeated.has(item.folderId))
            outcome.fail(item.folderId, DUPLICATE_ID_MESSAGE, 'duplicate');
          else outcome.attempt(item.folderId, () => decide(tree, item, at));
        }
        return outcome.toJSON();
      },
    });
  }
}
