import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsString,
  Length,
  MaxLength,
  Min,
} from 'class-validator';
import {
  BatchOf,
  IdFilter,
  IsCallerId,
  NestedObject,
  NullableField,
  OptionalField,
  OptionalText,
  RequiredField,
  RequiredId,
  RequiredIds,
} from '@app/platform';
import { CRDT_TYPES, type CrdtType } from '../../domain/kinds/simple-kinds';
import {
  DocumentTargetRequest,
  LocationDto,
  OptionalLocation,
  RecordReadRequest,
  RequiredUser,
  UserDto,
} from './common.dto';

export class ReactionDto {
  @OptionalField()
  @IsCallerId()
  reactionId?: string;

  @RequiredField()
  @IsString()
  @MaxLength(128)
  icon: string;

  @RequiredUser()
  from: UserDto;

  @OptionalLocation()
  location?: LocationDto;

  @OptionalText(512)
  targetElementId?: string;
}

export class AddReactionsRequest extends DocumentTargetRequest {
  @BatchOf(() => ReactionDto)
  reactions: ReactionDto[];
}

export class GetReactionsRequest extends RecordReadRequest {
  @IdFilter()
  reactionIds?: string[];
}

export class DeleteReactionsRequest extends DocumentTargetRequest {
  @RequiredIds()
  reactionIds: string[];
}

/** A recording's length (hosted `recordedTime`). */
export class RecordedTimeDto {
  /** Milliseconds. */
  @RequiredField()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  duration: number;

  @OptionalText(64)
  display?: string;
}

export class RecordingDto {
  @OptionalField()
  @IsCallerId()
  recordingId?: string;

  @RequiredUser()
  from: UserDto;

  @OptionalText(64)
  recordingType?: string;

  @OptionalText(1024)
  displayName?: string;

  @OptionalLocation()
  location?: LocationDto;

  @OptionalField()
  @IsArray()
  @ArrayMaxSize(100)
  @IsObject({ each: true })
  attachments?: Record<string, unknown>[];

  /** How the recorder was shown (hosted, `floating` say). */
  @OptionalText(64)
  mode?: string;

  @NestedObject(() => RecordedTimeDto, 'optional')
  recordedTime?: RecordedTimeDto;

  /** Read as 1 when not given. */
  @OptionalField()
  @IsInt()
  @Min(1)
  latestVersion?: number;
}

export class AddRecordingsRequest extends DocumentTargetRequest {
  @BatchOf(() => RecordingDto)
  recordings: RecordingDto[];
}

export class GetRecordingsRequest extends RecordReadRequest {
  @IdFilter()
  recordingIds?: string[];
}

export class DeleteRecordingsRequest extends DocumentTargetRequest {
  @RequiredIds()
  recordingIds: string[];
}

/** `/v2/crdt/add|update`: `data` must match `type` (checked with the record). */
export class WriteCrdtRequest extends DocumentTargetRequest {
  @RequiredId()
  editorId: string;

  @RequiredField()
  data: unknown;

  @RequiredField()
  @IsIn(CRDT_TYPES)
  type: CrdtType;

  @OptionalField()
  @IsCallerId()
  lastUpdatedBy?: string;

  /** null, as the hosted records have it, is kept. */
  @NullableField()
  @IsString()
  @MaxLength(512)
  sessionId?: string | null;

  @OptionalLocation()
  location?: LocationDto;

  /** The Yjs key the content is under: `content` when absent, `default` for TipTap (hosted). */
  @OptionalField()
  @IsString()
  @Length(1, 256)
  contentKey?: string;
}

/** Operation 20. */
export class GetCrdtRequest extends DocumentTargetRequest {
  @OptionalField()
  @IsCallerId()
  editorId?: string;
}

export class PresenceUserDto extends UserDto {
  @OptionalText(64)
  status?: string;
}

export class AddPresenceRequest extends DocumentTargetRequest {
  @BatchOf(() => PresenceUserDto)
  users: PresenceUserDto[];
}

/** Operation 21. */
export class DeletePresenceRequest extends DocumentTargetRequest {
  @RequiredIds()
  userIds: string[];
}
