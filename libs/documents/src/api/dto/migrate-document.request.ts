import { RequiredId } from '@app/platform';

/** `POST /v2/organizations/documents/migrate` (D6.7). */
export class MigrateDocumentRequest {
  @RequiredId()
  organizationId: string;

  @RequiredId()
  documentId: string;

  /** Must differ from `documentId` (checked by the controller: it compares two fields). */
  @RequiredId()
  newDocumentId: string;
}
