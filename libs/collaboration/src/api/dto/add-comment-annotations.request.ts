import { IsBoolean, IsIn, IsInt, Min } from 'class-validator';
import {
  BatchOf,
  FreeObject,
  IsCallerId,
  NestedList,
  NestedObject,
  OptionalField,
  RequiredId,
} from '@app/platform';
import {
  ANNOTATION_TYPES,
  COMMENT_TYPES,
  type AnnotationType,
  type CommentType,
} from '../../domain/kinds/annotation-fields';
import {
  AgentDto,
  AttachmentDto,
  SuggestionDto,
  TargetElementDto,
  VisibilityDto,
} from './annotation-fields.dto';
import { CommentChangesDto } from './comment-annotations.request';
import { CreateDocumentDto, CreateFlag, CreateOrganizationDto } from './create-flags.dto';
import {
  DocumentTargetRequest,
  LocationDto,
  OptionalLocation,
  OptionalUser,
  RequiredUser,
  UserDto,
} from './common.dto';

/** One comment as an add call gives it. */
export class CommentDto extends CommentChangesDto {
  @OptionalField()
  @IsInt()
  @Min(1)
  commentId?: number;

  @RequiredUser()
  from: UserDto;

  @NestedList(() => AttachmentDto, { max: 100, optional: true })
  attachments?: AttachmentDto[];

  @NestedObject(() => AgentDto, 'optional')
  agent?: AgentDto;

  /** Kept as given, for the client SDK's self-hosted comments. */
  @OptionalField()
  @IsBoolean()
  isCommentResolverUsed?: boolean;

  @OptionalField()
  @IsBoolean()
  isCommentTextAvailable?: boolean;
}

/** 1 to 100 comments. */
const CommentList = () => NestedList(() => CommentDto, { min: 1, max: 100 });

export class AnnotationDto {
  /** Made by the server when absent. */
  @OptionalField()
  @IsCallerId()
  annotationId?: string;

  @OptionalLocation()
  location?: LocationDto;

  @NestedObject(() => TargetElementDto, 'optional')
  targetElement?: TargetElementDto;

  @OptionalUser()
  from?: UserDto;

  @FreeObject()
  status?: Record<string, unknown>;

  @FreeObject()
  priority?: Record<string, unknown>;

  @OptionalUser()
  assignedTo?: UserDto;

  @FreeObject()
  context?: Record<string, unknown>;

  /** Absent reads as `comment` (hosted default); kept only when given. */
  @OptionalField()
  @IsIn(ANNOTATION_TYPES)
  type?: AnnotationType;

  /** Kept only when `type` is `suggestion` (hosted). */
  @NestedObject(() => SuggestionDto, 'optional')
  suggestion?: SuggestionDto;

  /** Absent reads as `manual` (hosted default); kept only when given. */
  @OptionalField()
  @IsIn(COMMENT_TYPES)
  commentType?: CommentType;

  /** Absent reads as `public` (hosted default); kept only when given. */
  @NestedObject(() => VisibilityDto, 'optional')
  visibility?: VisibilityDto;

  @CommentList()
  commentData: CommentDto[];
}

/**
 * The flags of the hosted adds: a missing organization or document is made only when asked
 * (else NOT_FOUND), as a boolean or, as the hosted collection sends them, an object naming
 * what is made (see CreateFlag). `verifyUserPermissions` (D15.3): the add refuses the call when an
 * author has no access to the document.
 */
export class AddRequestFlags extends DocumentTargetRequest {
  @CreateFlag(() => CreateOrganizationDto)
  createOrganization?: CreateOrganizationDto;

  @CreateFlag(() => CreateDocumentDto)
  createDocument?: CreateDocumentDto;

  @OptionalField()
  @IsBoolean()
  verifyUserPermissions?: boolean;
}

export class AddCommentAnnotationsRequest extends AddRequestFlags {
  @BatchOf(() => AnnotationDto)
  commentAnnotations: AnnotationDto[];
}

export class AddCommentsRequest extends AddRequestFlags {
  @RequiredId()
  annotationId: string;

  @CommentList()
  commentData: CommentDto[];
}
