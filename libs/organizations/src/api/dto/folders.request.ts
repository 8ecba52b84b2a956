import { IsBoolean } from 'class-validator';
import { BatchOf, OptionalField, RequiredId } from '@app/platform';
import { FolderItemDto } from './folder-item.dto';

/** Operation 9 (`folders/update`). */
export class UpdateFoldersRequest {
  @RequiredId()
  organizationId: string;

  @BatchOf(() => FolderItemDto)
  folders: FolderItemDto[];
}

/** `folders/add` (D6.3): `createOrganization` makes a missing organization first. */
export class AddFoldersRequest extends UpdateFoldersRequest {
  @OptionalField()
  @IsBoolean()
  createOrganization?: boolean;
}
