import { IsOptional } from 'class-validator';
import { DEFAULT_PAGE_SIZE, IdFilter, PageSize, PageToken } from '@app/platform';

/** Operation 8. */
export class GetOrganizationsRequest {
  @IsOptional()
  @IdFilter()
  organizationIds?: string[];

  @PageSize()
  pageSize: number = DEFAULT_PAGE_SIZE;

  @PageToken()
  pageToken?: string;
}
