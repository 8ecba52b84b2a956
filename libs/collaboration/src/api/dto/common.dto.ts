import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsDefined, IsOptional, ValidateNested } from 'class-validator';
import {
  DEFAULT_PAGE_SIZE,
  IdFilter,
  IsCallerId,
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

  @IsOptional()
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

/** An optional nested user or location. */
export const OptionalUser = () =>
  applyDecorators(
    IsOptional(),
    ValidateNested(),
    Type(() => UserDto),
  );
export const OptionalLocation = () =>
  applyDecorators(
    IsOptional(),
    ValidateNested(),
    Type(() => LocationDto),
  );
export const RequiredLocation = () =>
  applyDecorators(
    IsDefined({ message: '$property is required' }),
    ValidateNested(),
    Type(() => LocationDto),
  );
export const RequiredUser = () =>
  applyDecorators(
    IsDefined({ message: '$property is required' }),
    ValidateNested(),
    Type(() => UserDto),
  );
