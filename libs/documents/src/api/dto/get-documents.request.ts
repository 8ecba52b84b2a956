import { IsOptional } from 'class-validator';
import { IdFilter, RequiredId } from '@app/platform';

/** Operation 11. */
export class GetDocumentsRequest {
  @RequiredId()
  organizationId: string;

  @IsOptional()
  @IdFilter()
  documentIds?: string[];
}
