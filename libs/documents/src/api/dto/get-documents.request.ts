import { IdFilter, RequiredId } from '@app/platform';

/** Operation 11. */
export class GetDocumentsRequest {
  @RequiredId()
  organizationId: string;

  @IdFilter()
  documentIds?: string[];
}
