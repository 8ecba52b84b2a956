import { IsBoolean, IsIn } from 'class-validator';
import { NullAsAbsent, OptionalField, RequiredField, RequiredId, RequiredIds } from '@app/platform';
import { DOCUMENT_ACCESS_TYPES, type DocumentAccessType } from '@app/workspaces';

/** Hosted `organizations/delete` (D6.9). */
export class DeleteOrganizationsRequest {
  @RequiredIds()
  organizationIds: string[];
}

/** `organizations/delete/status/get`: a deletion named by its delete's answer. */
export class OrganizationDeletionStatusRequest {
  @RequiredId()
  organizationId: string;

  @RequiredId()
  deletionId: string;
}

/** Hosted `organizations/access/disablestate/update`. */
export class OrganizationDisableStateRequest {
  @RequiredIds()
  organizationIds: string[];

  @RequiredField()
  @IsBoolean()
  disabled: boolean;
}

/** Hosted `folders/delete`. */
export class DeleteFolderRequest {
  @RequiredId()
  organizationId: string;

  @RequiredId()
  folderId: string;
}

/**
 * Hosted `folders/access/update`: `accessType` (default `public`), or `inheritFromParent`
 * true to take the parent's again, which then wins over an `accessType` given with it.
 */
export class UpdateFolderAccessRequest {
  @RequiredId()
  organizationId: string;

  @RequiredIds()
  folderIds: string[];

  @NullAsAbsent()
  @OptionalField()
  @IsIn(DOCUMENT_ACCESS_TYPES)
  accessType?: DocumentAccessType;

  @NullAsAbsent()
  @OptionalField()
  @IsBoolean()
  inheritFromParent?: boolean;
}
