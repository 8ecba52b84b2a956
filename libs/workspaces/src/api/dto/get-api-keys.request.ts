import { IsInt, Max, Min } from 'class-validator';
import { IdFilter, OptionalField, PageToken } from '@app/platform';

/** The hosted page's limit and default for `apikeys/get`. */
export const MAX_API_KEYS_PAGE_SIZE = 100;

/** The hosted `apikeys/get`: the workspace's keys, in pages, optionally only some. */
export class GetApiKeysRequest {
  @IdFilter()
  apiKeys?: string[];

  @OptionalField()
  @IsInt()
  @Min(1)
  @Max(MAX_API_KEYS_PAGE_SIZE)
  pageSize: number = MAX_API_KEYS_PAGE_SIZE;

  @PageToken()
  pageToken?: string;
}
