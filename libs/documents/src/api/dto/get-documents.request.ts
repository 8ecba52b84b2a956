import {
  DEFAULT_PAGE_SIZE,
  IdFilter,
  IsCallerId,
  OptionalField,
  PageSize,
  PageToken,
  RequiredId,
} from '@app/platform';

/** Operation 11. */
export class GetDocumentsRequest {
  @RequiredId()
  organizationId: string;

  @IdFilter()
  documentIds?: string[];
}

/** Operation 11 at the hosted path (D6.8): also by folder, and in pages (D5.5). */
export class GetDocumentsPageRequest extends GetDocumentsRequest {
  /** Only the documents directly in this folder (not in its subfolders). */
  @OptionalField()
  @IsCallerId()
  folderId?: string;

  @PageSize()
  pageSize: number = DEFAULT_PAGE_SIZE;

  @PageToken()
  pageToken?: string;
}
