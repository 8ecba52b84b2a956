import { IsBoolean } from 'class-validator';
import { RequiredField, RequiredId, RequiredIds } from '@app/platform';

/** `POST /v2/organizations/documents/access/disablestate/update` (D6.6). */
export class UpdateDocumentDisableStateRequest {
  @RequiredId()
  organizationId: string;

  @RequiredIds()
  documentIds: string[];

  @RequiredField()
  @IsBoolean()
  disabled: boolean;
}
