import { IsBoolean } from 'class-validator';
import { BatchOf, IsCallerId, Optional, RequiredId } from '@app/platform';
import { DocumentItemDto } from './document-item.dto';

/** Operation 10. */
export class AddDocumentsRequest {
  @RequiredId()
  organizationId: string;

  @Optional()
  @IsBoolean()
  createOrganization?: boolean;

  @BatchOf(() => DocumentItemDto)
  documents: DocumentItemDto[];

  @Optional()
  @IsCallerId()
  folderId?: string;

  @Optional()
  @IsBoolean()
  createFolder?: boolean;
}
