import { Transform } from 'class-transformer';
import { NotEquals } from 'class-validator';
import { IsCallerId, NullableField, OptionalText, RequiredId } from '@app/platform';

/** "", "root" and null name the root (D6.3; the hosted service answers "root" for it). */
const toParent = ({ value }: { value: unknown }) =>
  value === '' || value === 'root' || value === null ? null : value;

export class FolderItemDto {
  @RequiredId()
  @NotEquals('root', { message: '$property "root" is reserved for the top level' })
  folderId: string;

  @OptionalText(1024)
  folderName?: string;

  @Transform(toParent, { toClassOnly: true })
  @NullableField()
  @IsCallerId()
  parentFolderId?: string | null;
}
