import { RequiredId } from '@app/platform';
import type { DocumentItem } from '../../application/common/document-item';
import { DocumentItems } from './document-items';

/**
 * `POST /v2/organizations/documents/update`: each document as documents/add takes it; the
 * fields given replace the stored ones, extra fields are merged into its metadata (D6.1).
 */
export class UpdateDocumentsRequest {
  @RequiredId()
  organizationId: string;

  @DocumentItems()
  documents: DocumentItem[];
}
