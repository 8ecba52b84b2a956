import { IsBoolean, IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { NestedList, OptionalField, RequiredField } from '@app/platform';
import { DOCUMENT_ACCESS_TYPES, type DocumentAccessType } from '../../domain/api-key.events';
import { AI_PROVIDERS, type AiProvider } from '../../domain/workspace.events';

/** One entry of the hosted `aiModelApiKey`. */
export class KeyAiModelKeyDto {
  @RequiredField() @IsIn(AI_PROVIDERS) provider: AiProvider;
  @RequiredField() @IsString() @IsNotEmpty() @MaxLength(1000) customerApiKey: string;
}

/** D3.4: the hosted fields, then ours; at least one must be given. */
export class UpdateApiKeyConfigRequest {
  @OptionalField() @IsBoolean() enablePrivateComments?: boolean;
  @OptionalField() @IsBoolean() requireJwtToken?: boolean;
  @OptionalField() @IsBoolean() requireAutoOrgUser?: boolean;
  @OptionalField() @IsIn(DOCUMENT_ACCESS_TYPES) defaultDocumentAccessType?: DocumentAccessType;
  /** Stored sealed; a provider given replaces that provider's key, the others stay. */
  @NestedList(() => KeyAiModelKeyDto, { min: 1, max: AI_PROVIDERS.length, optional: true })
  aiModelApiKey?: KeyAiModelKeyDto[];
  @OptionalField() @IsBoolean() advancedQueriesEnabled?: boolean;
  @OptionalField() @IsBoolean() activityServiceEnabled?: boolean;
}
