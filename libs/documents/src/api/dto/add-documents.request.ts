import { Transform } from 'class-transformer';
import { IsBoolean } from 'class-validator';
import { IsCallerId, OptionalField, RequiredId } from '@app/platform';
import type { DocumentItem } from '../../application/common/document-item';
import { DocumentItems } from './document-items';

/** Operation 10. */
export class AddDocumentsRequest {
  @RequiredId()
  organizationId: string;

  @OptionalField()
  @IsBoolean()
  createOrganization?: boolean;

  @DocumentItems()
  documents: DocumentItem[];

  /** "root" names the top level, as folders/get answers it: no folder is made for it. */
  @Transform(({ value }) => (value === 'root' ? undefined : value), { toClassOnly: true })
  @OptionalField()
  @IsCallerId()
  folderId?: string;

  @OptionalField()
  @IsBoolean()
  createFolder?: boolean;
}
