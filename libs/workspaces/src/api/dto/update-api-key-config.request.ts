import { IsBoolean, IsIn } from 'class-validator';
import { Optional } from '@app/platform';
import { DOCUMENT_ACCESS_TYPES, type DocumentAccessType } from '../../domain/api-key.events';
import { ApiKeyRequest } from './api-key.request';

/** D3.4 */
export class UpdateApiKeyConfigRequest extends ApiKeyRequest {
  @Optional() @IsBoolean() advancedQueriesEnabled?: boolean;
  @Optional() @IsBoolean() activityServiceEnabled?: boolean;
  @Optional() @IsIn(DOCUMENT_ACCESS_TYPES) defaultDocumentAccessType?: DocumentAccessType;
}
