import { IsInt, Max, Min } from 'class-validator';
import { IsCallerId, OptionalField, RequiredId } from '@app/platform';

/** `folders/get`: all folders, or one with `maxDepth` levels of subfolders (default 1). */
export class GetFoldersRequest {
  @RequiredId()
  organizationId: string;

  @OptionalField()
  @IsCallerId()
  folderId?: string;

  @OptionalField()
  @IsInt()
  @Min(1)
  @Max(100)
  maxDepth: number = 1;
}
