import {
  DEFAULT_PAGE_SIZE,
  IdFilter,
  IsCallerId,
  NestedObject,
  OptionalField,
  OptionalText,
  PageSize,
  PageToken,
  RequiredId,
} from '@app/platform';

/** A person in collaboration data (hosted user object). */
export class UserDto {
  @RequiredId()
  userId: string;

  @OptionalText(512)
  name?: string;

  @OptionalText(512)
  email?: string;
}

export class LocationDto {
  @RequiredId()
  id: string;

  @OptionalText(1024)
  locationName?: string;
}

/** The document a write acts in (it must exist). */
export class DocumentTargetRequest {
  @RequiredId()
  organizationId: string;

  @RequiredId()
  documentId: string;
}

/** Reads of one kind: an organization, optionally narrowed, in keyset pages (D5.5). */
export class RecordReadRequest {
  @RequiredId()
  organizationId: string;

  @OptionalField()
  @IsCallerId()
  documentId?: string;

  @IdFilter()
  documentIds?: string[];

  @IdFilter()
  locationIds?: string[];

  @IdFilter()
  userIds?: string[];

  @PageSize()
  pageSize: number = DEFAULT_PAGE_SIZE;

  @PageToken()
  pageToken?: string;
}

/** A nested user or location: a plain object checked by its own rules. */
export const OptionalUser = () => NestedObject(() => UserDto, 'optional');
export const OptionalLocation = () => NestedObject(() => LocationDto, 'optional');
export const RequiredLocation = () => NestedObject(() => LocationDto);
export const RequiredUser = () => NestedObject(() => UserDto);
/** A user whose `null` clears the field (unassign). */
export const NullableUser = () => NestedObject(() => UserDto, 'nullable');
