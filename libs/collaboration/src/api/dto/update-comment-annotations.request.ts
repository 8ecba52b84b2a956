import { applyDecorators } from '@nestjs/common';
import { Transform, Type } from 'class-transformer';
import { IsObject, ValidateIf, ValidateNested } from 'class-validator';
import {
  FreeObject,
  IsCallerId,
  NestedList,
  NestedObject,
  NullableField,
  nullAsAbsent,
  RequiredField,
  WriteIdFilter,
} from '@app/platform';
import {
  DocumentTargetRequest,
  LocationDto,
  NullableUser,
  OptionalLocation,
  OptionalUser,
  RequiredUser,
  UserDto,
} from './common.dto';
import { TargetElementDto } from './annotation-fields.dto';

/** A user id whose `null` clears the stored one; absent leaves it. */
const NullableId = () => applyDecorators(NullableField(), IsCallerId());

export class AnnotationChangesDto {
  @FreeObject()
  status?: Record<string, unknown>;

  @FreeObject()
  priority?: Record<string, unknown>;

  /** null unassigns. */
  @NullableUser()
  assignedTo?: UserDto | null;

  @FreeObject()
  context?: Record<string, unknown>;

  @OptionalLocation()
  location?: LocationDto;

  @NestedObject(() => TargetElementDto, 'optional')
  targetElement?: TargetElementDto;

  /** The annotation's author. */
  @OptionalUser()
  from?: UserDto;

  /** Replaces the stored suggestion whole; `status` is checked by the handler. */
  @FreeObject()
  suggestion?: Record<string, unknown>;

  @NullableId()
  statusUpdatedByUserId?: string | null;

  /** Cleared by a status that is not terminal, whatever is given (hosted). */
  @NullableId()
  resolvedByUserId?: string | null;
}

export class UserReplacementDto {
  @RequiredUser()
  oldUser: UserDto;

  @RequiredUser()
  newUser: UserDto;
}

/**
 * `/v2/commentannotations/update`: the same changes to the document's annotations narrowed
 * by every filter given at once (ids, locations, authors); without any, to all of them
 * (hosted). `updatedData`, `updateUsers` or both.
 */
export class UpdateCommentAnnotationsRequest extends DocumentTargetRequest {
  @WriteIdFilter()
  annotationIds?: string[];

  @WriteIdFilter()
  locationIds?: string[];

  /** Authors (`from.userId`): hosted "the users who created the comment annotation". */
  @WriteIdFilter()
  userIds?: string[];

  /** Required unless `updateUsers` is given. */
  @ValidateIf(
    (o: UpdateCommentAnnotationsRequest) => o.updateUsers == null || o.updatedData != null,
  )
  @RequiredField()
  @Transform(nullAsAbsent, { toClassOnly: true })
  @IsObject({ message: '$property must be an object' })
  @ValidateNested()
  @Type(() => AnnotationChangesDto)
  updatedData?: AnnotationChangesDto;

  @NestedList(() => UserReplacementDto, { min: 1, max: 100, optional: true })
  updateUsers?: UserReplacementDto[];
}
