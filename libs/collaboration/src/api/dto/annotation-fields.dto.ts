import { applyDecorators } from '@nestjs/common';
import {
  Allow,
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import {
  ExtraFields,
  FreeObject,
  IsCallerId,
  MAX_BATCH_ITEMS,
  NestedObject,
  NullableField,
  NullAsAbsent,
  OptionalField,
  OptionalText,
  RequiredField,
  RequiredId,
} from '@app/platform';
import {
  AGENT_SOURCES,
  FINDING_SEVERITIES,
  FINDING_SOURCES,
  FINDING_TYPES,
  VISIBILITY_TYPES,
  type VisibilityType,
} from '../../domain/kinds/annotation-fields';

const MAX_TEXT = 100_000;
const URL_LENGTH = 4096;

const RequiredText = (max: number) => applyDecorators(RequiredField(), IsString(), MaxLength(max));

/** The element or text an annotation is on (hosted `targetElement`). */
export class TargetElementDto {
  @OptionalText(512)
  elementId?: string;

  @OptionalText(MAX_TEXT)
  targetText?: string;

  /** Which occurrence of `targetText` in the element. */
  @OptionalField()
  @IsInt()
  @Min(0)
  occurrence?: number;

  @OptionalField()
  @IsBoolean()
  selectAllContent?: boolean;
}

/**
 * Who may see the annotation in the client SDK. `organizationId` is read only for
 * `organizationPrivate` (required there) and `userIds` only for `restricted` (1 or more).
 */
export class VisibilityDto {
  @RequiredField()
  @IsIn(VISIBILITY_TYPES)
  type: VisibilityType;

  @ValidateIf((v: VisibilityDto) => v.type === 'organizationPrivate')
  @NullAsAbsent()
  @RequiredId()
  organizationId?: string;

  @ValidateIf((v: VisibilityDto) => v.type === 'restricted')
  @NullAsAbsent()
  @RequiredField()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_BATCH_ITEMS)
  @IsCallerId({ each: true })
  userIds?: string[];
}

const SUGGESTION_FIELDS = [
  'targetId',
  'targetType',
  'oldValue',
  'newValue',
  'summary',
  'driftDetected',
  // The server's own: a caller's value is dropped.
  'status',
] as const;

/** A proposed change (hosted `suggestion`): its custom fields are kept as given. */
export class SuggestionDto {
  @OptionalText(512)
  targetId?: string;

  @OptionalText(512)
  targetType?: string;

  /** Any JSON value. */
  @Allow()
  oldValue?: unknown;

  @Allow()
  newValue?: unknown;

  @NullableField()
  @IsString()
  @MaxLength(MAX_TEXT)
  summary?: string | null;

  @OptionalField()
  @IsBoolean()
  driftDetected?: boolean;

  @ExtraFields(SUGGESTION_FIELDS)
  extra: Record<string, unknown>;
}

/** A file of a comment (hosted Attachment). */
export class AttachmentDto {
  @RequiredField()
  @IsInt()
  attachmentId: number;

  @OptionalText(1024)
  name?: string;

  @OptionalText(URL_LENGTH)
  bucketPath?: string;

  /** Bytes. */
  @OptionalField()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  size?: number;

  @OptionalText(128)
  type?: string;

  @OptionalText(URL_LENGTH)
  url?: string;

  @OptionalText(URL_LENGTH)
  thumbnail?: string;

  @OptionalText(256)
  mimeType?: string;

  @FreeObject()
  metadata?: Record<string, unknown>;
}

const REASON_FIELDS = [
  'title',
  'description',
  'severity',
  'findingId',
  'findingType',
  'issueType',
  'confidence',
  'suggestion',
  'suggestedFix',
  'htmlSnippet',
  'htmlSelector',
  'source',
  'knowledgeSection',
] as const;

/** What an agent found (hosted `agent.reason`): its custom fields are kept as given. */
export class AgentReasonDto {
  @RequiredText(1024)
  title: string;

  @RequiredText(MAX_TEXT)
  description: string;

  @RequiredField()
  @IsIn(FINDING_SEVERITIES)
  severity: string;

  @OptionalField()
  @IsCallerId()
  findingId?: string;

  @OptionalField()
  @IsIn(FINDING_TYPES)
  findingType?: string;

  @OptionalText(512)
  issueType?: string;

  /** 0 to 100. */
  @OptionalField()
  @IsInt()
  @Min(0)
  @Max(100)
  confidence?: number;

  @OptionalText(MAX_TEXT)
  suggestion?: string;

  @OptionalText(MAX_TEXT)
  suggestedFix?: string;

  @OptionalText(MAX_TEXT)
  htmlSnippet?: string;

  @OptionalText(URL_LENGTH)
  htmlSelector?: string;

  @OptionalField()
  @IsIn(FINDING_SOURCES)
  source?: string;

  @OptionalText(1024)
  knowledgeSection?: string;

  @ExtraFields(REASON_FIELDS)
  extra: Record<string, unknown>;
}

/**
 * Marks a comment as an agent's (hosted `agent`). `agentName` is required for an `external`
 * agent; a `velt` agent's id is kept as given (the server has no registry of built-in agents).
 */
export class AgentDto {
  @RequiredField()
  @IsIn(AGENT_SOURCES)
  agentSource: string;

  @RequiredId()
  agentId: string;

  @OptionalField()
  @IsCallerId()
  executionId?: string;

  @ValidateIf((a: AgentDto) => a.agentSource === 'external' || a.agentName !== undefined)
  @NullAsAbsent()
  @RequiredText(512)
  agentName?: string;

  @OptionalText(URL_LENGTH)
  url?: string;

  @NestedObject(() => AgentReasonDto)
  reason: AgentReasonDto;
}
