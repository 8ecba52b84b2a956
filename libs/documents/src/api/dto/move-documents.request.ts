import { RequiredId, RequiredIds } from '@app/platform';

/** `POST /v2/organizations/documents/move`. */
export class MoveDocumentsRequest {
  @RequiredId()
  organizationId: string;

  @RequiredIds()
  documentIds: string[];

  /**
   * The folder the documents go into, of the organization's folder tree; "root" is the top
   * level, as folders/get and documents/add name it.
   */
  @RequiredId()
  folderId: string;
}

/** The folder of a move request: null for the top level. */
export const targetFolderOf = ({ folderId }: MoveDocumentsRequest): string | null =>
  folderId === 'root' ? null : folderId;
