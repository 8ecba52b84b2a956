import { Transform } from 'class-transformer';
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

  /** "root" names the top level, as folders/get answers it: no folder is made for it. */
  @Transform(({ value }) => (value === 'root' ? undefined : value), { toClassOnly: true })
  @OptionalField()
  @IsCallerId()
  folderId?: string;

  @OptionalField()
  @IsBoolean()
  createFolder?: boolean;
}
