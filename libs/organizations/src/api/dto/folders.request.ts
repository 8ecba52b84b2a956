import { IsBoolean, IsIn } from 'class-validator';
import { BatchOf, OptionalField, RequiredId } from '@app/platform';
import { DOCUMENT_ACCESS_TYPES, type DocumentAccessType } from '@app/workspaces';
import { FolderItemDto } from './folder-item.dto';

/** Operation 9 (`folders/update`). */
export class UpdateFoldersRequest {
  @RequiredId()
  organizationId: string;

  @BatchOf(() => FolderItemDto)
  folders: FolderItemDto[];
}

/** A folder of folders/add: its own access type, or none to take its parent's (hosted). */
export class AddFolderItemDto extends FolderItemDto {
  @OptionalField()
  @IsIn(DOCUMENT_ACCESS_TYPES)
  accessType?: DocumentAccessType;
}

/** `folders/add` (D6.3): `createOrganization` makes a missing organization first. */
export class AddFoldersRequest {
  @RequiredId()
  organizationId: string;

  @OptionalField()
  @IsBoolean()
  createOrganization?: boolean;

  @BatchOf(() => AddFolderItemDto)
  folders: AddFolderItemDto[];
}
