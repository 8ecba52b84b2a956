import { IsBoolean, IsIn } from 'class-validator';
import { OptionalField } from '@app/platform';
import { DOCUMENT_ACCESS_TYPES, type DocumentAccessType } from '../../domain/api-key.events';
import { ApiKeyRequest } from './api-key.request';

/** D3.4 */
export class UpdateApiKeyConfigRequest extends ApiKeyRequest {
  @OptionalField() @IsBoolean() advancedQueriesEnabled?: boolean;
  @OptionalField() @IsBoolean() activityServiceEnabled?: boolean;
  @OptionalField() @IsIn(DOCUMENT_ACCESS_TYPES) defaultDocumentAccessType?: DocumentAccessType;
}
