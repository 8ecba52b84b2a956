import { IsBoolean, IsOptional } from 'class-validator';
import { BatchOf, IsCallerId, RequiredId } from '@app/platform';
import { DocumentItemDto } from './document-item.dto';

/** Operation 10. */
export class AddDocumentsRequest {
  @RequiredId()
  organizationId: string;

  @IsOptional()
  @IsBoolean()
  createOrganization?: boolean;

  @BatchOf(() => DocumentItemDto)
  documents: DocumentItemDto[];

  @IsOptional()
  @IsCallerId()
  folderId?: string;

  @IsOptional()
  @IsBoolean()
  createFolder?: boolean;
}
