import { IsBoolean, IsIn } from 'class-validator';
import { ExtraFields, OptionalField, OptionalText, RequiredId } from '@app/platform';
import { DOCUMENT_ACCESS_TYPES, type DocumentAccessType } from '@app/workspaces';

/** The fields of an item that are not its metadata: its own, and names the server sets. */
export const DOCUMENT_ITEM_FIELDS: readonly string[] = [
  'documentId',
  'documentName',
  'accessType',
  'disabled',
  'id',
  'folderId',
  'organizationId',
  'createdAt',
  'lastUpdated',
];

/** One document of operation 10; other fields are kept as metadata (D6.1). */
export class DocumentItemDto {
  @RequiredId()
  documentId: string;

  @OptionalText(1024)
  documentName?: string;

  @OptionalField()
  @IsIn(DOCUMENT_ACCESS_TYPES)
  accessType?: DocumentAccessType;

  @OptionalField()
  @IsBoolean()
  disabled?: boolean;

  @ExtraFields(DOCUMENT_ITEM_FIELDS)
  metadata: Record<string, unknown>;
}
