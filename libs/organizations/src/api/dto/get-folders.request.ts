import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { IsCallerId, RequiredId } from '@app/platform';

/** `folders/get`: all folders, or one with `maxDepth` levels of subfolders (default 1). */
export class GetFoldersRequest {
  @RequiredId()
  organizationId: string;

  @IsOptional()
  @IsCallerId()
  folderId?: string;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100)
  maxDepth: number = 1;
}
