import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import { DOCUMENT_ACCESS_TYPES, type DocumentAccessType } from '../../domain/api-key.events';
import { ApiKeyRequest } from './api-key.request';

/** D3.4 */
export class UpdateApiKeyConfigRequest extends ApiKeyRequest {
  @IsOptional() @IsBoolean() advancedQueriesEnabled?: boolean;
  @IsOptional() @IsBoolean() activityServiceEnabled?: boolean;
  @IsOptional() @IsIn(DOCUMENT_ACCESS_TYPES) defaultDocumentAccessType?: DocumentAccessType;
}
