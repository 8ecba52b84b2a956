import { ArrayMinSize } from 'class-validator';
import {
  IdFilter,
  NestedList,
  NestedObject,
  RequiredId,
  RequiredIds,
  MAX_BATCH_ITEMS,
} from '@app/platform';
import { ResourceGrantDto, ResourceRefDto } from './resource.dto';

export class GrantListDto {
  @NestedList(() => ResourceGrantDto, { min: 1, max: MAX_BATCH_ITEMS })
  resources: ResourceGrantDto[];
}

export class RefListDto {
  @NestedList(() => ResourceRefDto, { min: 1, max: MAX_BATCH_ITEMS })
  resources: ResourceRefDto[];
}

export class PermissionUserDto {
  @RequiredId()
  userId: string;
}

/** `/v2/auth/permissions/add` (hosted body). */
export class AddPermissionsRequest {
  @NestedObject(() => PermissionUserDto)
  user: PermissionUserDto;

  @NestedObject(() => GrantListDto)
  permissions: GrantListDto;
}

/** `/v2/auth/permissions/remove` (hosted body: `userId` at the top). */
export class RemovePermissionsRequest {
  @RequiredId()
  userId: string;

  @NestedObject(() => RefListDto)
  permissions: RefListDto;
}

/** `/v2/auth/permissions/get`. */
export class GetPermissionsRequest {
  @RequiredId()
  organizationId: string;

  @RequiredIds()
  @ArrayMinSize(1)
  userIds: string[];

  @IdFilter()
  folderIds?: string[];

  @IdFilter()
  documentIds?: string[];
}
