import { IsIn } from 'class-validator';
import { RequiredField, RequiredId, RequiredIds } from '@app/platform';
import { DOCUMENT_ACCESS_TYPES, type DocumentAccessType } from '@app/workspaces';

/** `POST /v2/organizations/documents/access/update` (D6.4). */
export class UpdateDocumentAccessRequest {
  @RequiredId()
  organizationId: string;

  @RequiredIds()
  documentIds: string[];

  @RequiredField()
  @IsIn(DOCUMENT_ACCESS_TYPES)
  accessType: DocumentAccessType;
}
