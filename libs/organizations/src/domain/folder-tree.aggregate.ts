import { Aggregate, ItemRefused, streamId } from '@app/event-store';
import type { DocumentAccessType } from '@app/workspaces';
import {
  FolderAccessChanged,
  FolderAdded,
  FolderDeleted,
  FolderUpdated,
  type FolderEvent,
} from './folder.events';

export const FOLDER_TREE_STREAM_TYPE = 'folder-tree';
export const folderTreeStream = (apiKey: string, organizationId: string) =>
  streamId(FOLDER_TREE_STREAM_TYPE, apiKey, organizationId);

export const FOLDER_MESSAGES = {
  added: 'Folder added.',
  updated: 'Folder Updated.',
  exists: 'Folder already exists',
  missing: 'Folder does not exist',
  parentMissing: 'Parent folder does not exist',
  cycle: 'A folder cannot move under itself or one of its descendants',
  accessUpdated: 'Folder access type updated.',
} as const;

interface FolderState {
  name: string;
  parent: string | null;
}

/**
 * The folders of one organization. The tree is one aggregate because a move is decided
 * against the whole tree: two moves that would make a cycle together (A under B, B under A)
 * conflict on this stream's version instead of both succeeding.
 */
export class FolderTree extends Aggregate<FolderEvent> {
  private readonly folders = new Map<string, FolderState>();

  constructor(
    private readonly apiKey: string,
    private readonly organizationId: string,
  ) {
    super();
  }

  has(folderId: string): boolean {
    return this.folders.has(folderId);
  }

  /** `accessType` undefined: the folder takes its parent's (see FolderAdded). */
  add(
    folderId: string,
    folderName: string,
    parentFolderId: string | null,
    at: number,
    accessType?: DocumentAccessType,
  ): string {
    if (this.folders.has(folderId)) throw new ItemRefused(FOLDER_MESSAGES.exists, 'already-exists');
    if (parentFolderId !== null && !this.folders.has(parentFolderId)) {
      throw new ItemRefused(FOLDER_MESSAGES.parentMissing, 'not-found');
    }
    const ancestors =
      parentFolderId === null ? [] : [...this.ancestorsOf(parentFolderId), parentFolderId];
    this.raise(
      FolderAdded({
        ...this.ref(folderId),
        folderName,
        parentFolderId,
        ancestors,
        ...(accessType !== undefined && { accessType }),
        at,
      }),
    );
    return FOLDER_MESSAGES.added;
  }

  /** `parentFolderId` undefined keeps the parent; null moves the folder to the root. */
  update(
    folderId: string,
    change: { folderName?: string; parentFolderId?: string | null },
    at: number,
  ): string {
    const folder = this.folders.get(folderId);
    if (!folder) throw new ItemRefused(FOLDER_MESSAGES.missing, 'not-found');
    const target = change.parentFolderId;
    let move: { parentFolderId: string | null; ancestors: string[] } | undefined;
    if (target !== undefined && target !== folder.parent) {
      if (target !== null && !this.folders.has(target)) {
        throw new ItemRefused(FOLDER_MESSAGES.parentMissing, 'not-found');
      }
      const ancestors = target === null ? [] : [...this.ancestorsOf(target), target];
      if (target === folderId || ancestors.includes(folderId)) {
        throw new ItemRefused(FOLDER_MESSAGES.cycle, 'invalid');
      }
      move = { parentFolderId: target, ancestors };
    }
    this.raise(FolderUpdated({ ...this.ref(folderId), folderName: change.folderName, move, at }));
    return FOLDER_MESSAGES.updated;
  }

  /** Deletes the folder and its subtree; answers their ids, the folder first. */
  delete(folderId: string, at: number): string[] {
    if (!this.folders.has(folderId)) throw new ItemRefused(FOLDER_MESSAGES.missing, 'not-found');
    const folderIds = [folderId, ...this.descendantsOf(folderId)];
    this.raise(FolderDeleted({ ...this.ref(folderId), folderIds, at }));
    return folderIds;
  }

  /** `accessType` null: the folder inherits its parent's access again. */
  setAccess(folderId: string, accessType: DocumentAccessType | null, at: number): string {
    if (!this.folders.has(folderId)) throw new ItemRefused(FOLDER_MESSAGES.missing, 'not-found');
    this.raise(FolderAccessChanged({ ...this.ref(folderId), accessType, at }));
    return FOLDER_MESSAGES.accessUpdated;
  }

  private descendantsOf(folderId: string): string[] {
    const below: string[] = [];
    for (const [id] of this.folders) {
      if (this.ancestorsOf(id).includes(folderId)) below.push(id);
    }
    return below;
  }

  /** Ids from the root down to the folder's parent. */
  private ancestorsOf(folderId: string): string[] {
    const path: string[] = [];
    for (let id = this.folders.get(folderId)?.parent; id; id = this.folders.get(id)?.parent) {
      path.unshift(id);
    }
    return path;
  }

  private ref(folderId: string) {
    return { apiKey: this.apiKey, organizationId: this.organizationId, folderId };
  }

  protected when(event: FolderEvent): void {
    if (FolderAdded.is(event)) {
      const { folderId, folderName, parentFolderId } = event.data;
      this.folders.set(folderId, { name: folderName, parent: parentFolderId });
    } else if (FolderUpdated.is(event)) {
      const folder = this.folders.get(event.data.folderId)!;
      if (event.data.folderName !== undefined) folder.name = event.data.folderName;
      if (event.data.move) folder.parent = event.data.move.parentFolderId;
    } else if (FolderDeleted.is(event)) {
      for (const id of event.data.folderIds) this.folders.delete(id);
    }
  }
}
