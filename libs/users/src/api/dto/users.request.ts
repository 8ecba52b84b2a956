import { IsBoolean } from 'class-validator';
import {
  BatchOf,
  DEFAULT_PAGE_SIZE,
  ExtraFields,
  IdFilter,
  IsCallerId,
  OptionalField,
  OptionalText,
  PageSize,
  PageToken,
  RequiredId,
  RequiredIds,
} from '@app/platform';

/** One user of users/add and operation 15; other fields are kept as metadata. */
export class UserItemDto {
  @RequiredId()
  userId: string;

  @OptionalText(512)
  name?: string;

  @OptionalText(512)
  email?: string;

  @ExtraFields(['userId', 'name', 'email'])
  metadata: Record<string, unknown>;
}

/** Organization only, organization + document, or organization + folder (operation 15). */
export class UserScopeRequest {
  @RequiredId()
  organizationId: string;

  @OptionalField()
  @IsCallerId()
  documentId?: string;

  @OptionalField()
  @IsCallerId()
  folderId?: string;
}

/** Operation 15 (and users/add, below). */
export class UsersRequest extends UserScopeRequest {
  @BatchOf(() => UserItemDto)
  users: UserItemDto[];
}

/** users/add: the hosted flags that make a missing organization, folder or document. */
export class AddUsersRequest extends UsersRequest {
  @OptionalField()
  @IsBoolean()
  createOrganization?: boolean;

  @OptionalField()
  @IsBoolean()
  createFolder?: boolean;

  @OptionalField()
  @IsBoolean()
  createDocument?: boolean;
}

/** users/get. */
export class GetUsersRequest extends UserScopeRequest {
  @IdFilter()
  userIds?: string[];

  /** Only users in at least one of these groups of the organization (hosted). */
  @IdFilter()
  organizationUserGroupIds?: string[];

  /** The users of every document of the organization instead of one scope (hosted). */
  @OptionalField()
  @IsBoolean()
  allDocuments?: boolean;

  /** With allDocuments: `data` is `{"<documentId>": [users]}` (hosted). */
  @OptionalField()
  @IsBoolean()
  groupByDocumentId?: boolean;

  @PageSize()
  pageSize: number = DEFAULT_PAGE_SIZE;

  @PageToken()
  pageToken?: string;
}

/** `POST /v2/users/delete` (hosted): from the organization, or one document or folder of it. */
export class RemoveUsersRequest extends UserScopeRequest {
  @RequiredIds()
  userIds: string[];
}
