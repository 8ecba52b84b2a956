import { defineEvent, type EventOf } from '@app/event-store';
import type { DocumentAccessType } from '@app/workspaces';

interface FolderRef {
  apiKey: string;
  organizationId: string;
  folderId: string;
}

/**
 * `parentFolderId` null: the folder is at the root; `ancestors`: its path from the root.
 * `accessType` only when the caller gave one: without it the folder takes its parent's (at
 * the root, the API key's default), whatever that is when it is read.
 */
export const FolderAdded = defineEvent<
  FolderRef & {
    folderName: string;
    parentFolderId: string | null;
    ancestors: string[];
    accessType?: DocumentAccessType;
    at: number;
  }
>()('organizations.folder-added');

/**
 * A rename and/or a move. On a move, `ancestors` is the folder's new path from the root
 * (parent last): the projection rewrites the paths of everything under it from that.
 */
export const FolderUpdated = defineEvent<
  FolderRef & {
    folderName?: string;
    move?: { parentFolderId: string | null; ancestors: string[] };
    at: number;
  }
>()('organizations.folder-updated');

/**
 * A folder and its subtree (`folderIds`: the folder first, then everything under it) are
 * deleted (D6.9). The documents library deletes their documents on this event.
 */
export const FolderDeleted = defineEvent<FolderRef & { folderIds: string[]; at: number }>()(
  'organizations.folder-deleted',
);

/** `accessType` null: the folder takes its parent's again (hosted `inheritFromParent`). */
export const FolderAccessChanged = defineEvent<
  FolderRef & { accessType: DocumentAccessType | null; at: number }
>()('organizations.folder-access-changed');

export const FOLDER_EVENTS = {
  FolderAdded,
  FolderUpdated,
  FolderDeleted,
  FolderAccessChanged,
};
export type FolderEvent = EventOf<typeof FOLDER_EVENTS>;
