import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { DEFAULT_PAGE_SIZE, IdFilter, MAX_PAGE_SIZE } from '@app/platform';

/** Operation 8. */
export class GetOrganizationsRequest {
  @IsOptional()
  @IdFilter()
  organizationIds?: string[];

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  pageSize: number = DEFAULT_PAGE_SIZE;

  @IsOptional()
  @IsString()
  @MaxLength(2048)
  pageToken?: string;
}
