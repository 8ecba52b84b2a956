import { IsBoolean } from 'class-validator';
import { BatchOf, IsCallerId, OptionalField, RequiredId } from '@app/platform';
import { DocumentItemDto } from './document-item.dto';

/** Operation 10. */
export class AddDocumentsRequest {
  @RequiredId()
  organizationId: string;

  @OptionalField()
  @IsBoolean()
  createOrganization?: boolean;

  @BatchOf(() => DocumentItemDto)
  documents: DocumentItemDto[];

  @OptionalField()
  @IsCallerId()
  folderId?: string;

  @OptionalField()
  @IsBoolean()
  createFolder?: boolean;
}
