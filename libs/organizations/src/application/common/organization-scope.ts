import { Injectable } from '@nestjs/common';
import { EventStore, type AggregateToSave } from '@app/event-store';
import { ServiceError } from '@app/platform';
import type { EntityManager } from 'typeorm';
import {
  FOLDER_MESSAGES,
  FolderTree,
  FOLDER_TREE_STREAM_TYPE,
  folderTreeStream,
} from '../../domain/folder-tree.aggregate';
import {
  Organization,
  ORGANIZATION_MESSAGES,
  ORGANIZATION_STREAM_TYPE,
  organizationStream,
} from '../../domain/organization.aggregate';

export interface ScopeRequest {
  apiKey: string;
  organizationId: string;
  /** Make the organization when it does not exist (operation 10, folders/add). */
  createOrganization?: boolean;
  /** The name of an organization made here; else it is named after its id. */
  organizationName?: string;
  /** A folder the write needs; made at the root, named after its id, with `createFolder`. */
  folderId?: string;
  createFolder?: boolean;
  at: number;
}

export interface OpenScope {
  tree: FolderTree;
  /**
   * The organization and its folder tree: append them with the caller's own events, in one
   * transaction (those without pending events are skipped).
   */
  toSave: AggregateToSave[];
}

/**
 * The organization (and folder) a write happens in, loaded from their streams in the
 * caller's transaction. A missing one is made when asked, else the call fails NOT_FOUND
 * (D6.3, D6.4). Public: the documents library places documents through it.
 */
@Injectable()
export class OrganizationScope {
  constructor(private readonly store: EventStore) {}

  async open(manager: EntityManager, request: ScopeRequest): Promise<OpenScope> {
    const { apiKey, organizationId, at } = request;
    const orgStream = organizationStream(apiKey, organizationId);
    const treeStream = folderTreeStream(apiKey, organizationId);
    const history = await this.store.readStreams([orgStream, treeStream], manager);
    const organization = new Organization().load((history.get(orgStream) ?? []) as never);
    const tree = new FolderTree(apiKey, organizationId).load(
      (history.get(treeStream) ?? []) as never,
    );
    const toSave: AggregateToSave[] = [];
    if (!organization.exists) {
      if (!request.createOrganization) {
        throw new ServiceError('NOT_FOUND', ORGANIZATION_MESSAGES.missing, { organizationId });
      }
      const { organizationName } = request;
      organization.add(apiKey, organizationId, organizationName ? { organizationName } : {}, at);
      toSave.push({
        streamId: orgStream,
        streamType: ORGANIZATION_STREAM_TYPE,
        aggregate: organization,
      });
    }
    const { folderId } = request;
    if (folderId !== undefined && !tree.has(folderId)) {
      if (!request.createFolder) {
        throw new ServiceError('NOT_FOUND', FOLDER_MESSAGES.missing, { folderId });
      }
      tree.add(folderId, folderId, null, at);
    }
    toSave.push({ streamId: treeStream, streamType: FOLDER_TREE_STREAM_TYPE, aggregate: tree });
    return { tree, toSave };
  }
}
