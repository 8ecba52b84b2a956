import { DEFAULT_PAGE_SIZE, IdFilter, PageSize, PageToken } from '@app/platform';

/** Operation 8. */
export class GetOrganizationsRequest {
  @IdFilter()
  organizationIds?: string[];

  @PageSize()
  pageSize: number = DEFAULT_PAGE_SIZE;

  @PageToken()
  pageToken?: string;
}
