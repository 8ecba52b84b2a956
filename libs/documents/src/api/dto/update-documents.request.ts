import { BatchOf, RequiredId } from '@app/platform';
import { DocumentItemDto } from './document-item.dto';

/**
 * `POST /v2/organizations/documents/update`: each document as documents/add takes it; the
 * fields given replace the stored ones, extra fields are merged into its metadata (D6.1).
 */
export class UpdateDocumentsRequest {
  @RequiredId()
  organizationId: string;

  @BatchOf(() => DocumentItemDto)
  documents: DocumentItemDto[];
}
