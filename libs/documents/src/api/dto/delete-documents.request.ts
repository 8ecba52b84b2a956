import { RequiredId, RequiredIds } from '@app/platform';

/** Operation 12. */
export class DeleteDocumentsRequest {
  @RequiredId()
  organizationId: string;

  @RequiredIds()
  documentIds: string[];
}
