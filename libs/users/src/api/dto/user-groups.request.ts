import { IsBoolean, ValidateIf } from 'class-validator';
import {
  BatchOf,
  ExtraFields,
  NullAsAbsent,
  OptionalField,
  OptionalText,
  RequiredId,
  RequiredIds,
} from '@app/platform';

/** One group of usergroups/add; other fields are kept with it. */
export class UserGroupItemDto {
  @RequiredId()
  groupId: string;

  @OptionalText(512)
  groupName?: string;

  @ExtraFields(['groupId', 'groupName'])
  metadata: Record<string, unknown>;
}

/** `POST /v2/organizations/usergroups/add` (hosted). */
export class AddUserGroupsRequest {
  @RequiredId()
  organizationId: string;

  /** Makes the organization when it does not exist (hosted). */
  @OptionalField()
  @IsBoolean()
  createOrganization?: boolean;

  @BatchOf(() => UserGroupItemDto)
  organizationUserGroups: UserGroupItemDto[];
}

/** `POST /v2/organizations/usergroups/users/add` (hosted). */
export class AddGroupMembersRequest {
  @RequiredId()
  organizationId: string;

  @RequiredId()
  organizationUserGroupId: string;

  @RequiredIds()
  userIds: string[];
}

/** `POST /v2/organizations/usergroups/users/delete` (hosted): `userIds`, or `deleteAll: true`. */
export class RemoveGroupMembersRequest {
  @RequiredId()
  organizationId: string;

  @RequiredId()
  organizationUserGroupId: string;

  @ValidateIf((r: RemoveGroupMembersRequest) => r.deleteAll !== true || r.userIds !== undefined)
  @NullAsAbsent()
  @RequiredIds()
  userIds?: string[];

  @OptionalField()
  @IsBoolean()
  deleteAll?: boolean;
}
