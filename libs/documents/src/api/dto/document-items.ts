import { BatchOf, MAX_BATCH_ITEMS } from '@app/platform';
import { DOCUMENT_ACCESS_TYPES } from '@app/workspaces';
import { applyDecorators } from '@nestjs/common';
import { Exclude, Transform, type TypeHelpOptions } from 'class-transformer';
import { isBoolean, isIn, isString, length, matches, maxLength, ValidateIf } from 'class-validator';
import type { DocumentItem } from '../../application/common/document-item';
import { DOCUMENT_ITEM_FIELDS, DocumentItemDto } from './document-item.dto';

/** IsCallerId's rule on characters. */
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/;

const absent = (value: unknown) => value === undefined || value === null;

/** What DocumentItemDto makes of `raw` when its rules all pass it; else undefined. */
function plainItem(raw: unknown): DocumentItem | undefined {
  if (typeof raw !== 'object' || raw === null || Object.getPrototypeOf(raw) !== Object.prototype) {
    return undefined;
  }
  const { documentId, documentName, accessType, disabled } = raw as Record<string, unknown>;
  if (!isString(documentId) || !length(documentId, 1, 512)) return undefined;
  if (!matches(documentId, NO_CONTROL_CHARACTERS)) return undefined;
  if (!absent(documentName) && !(isString(documentName) && maxLength(documentName, 1024))) {
    return undefined;
  }
  if (!absent(accessType) && !isIn(accessType, DOCUMENT_ACCESS_TYPES)) return undefined;
  if (!absent(disabled) && !isBoolean(disabled)) return undefined;
  const metadata = Object.fromEntries(
    Object.entries(raw).filter(([key]) => !DOCUMENT_ITEM_FIELDS.includes(key)),
  );
  return {
    documentId,
    ...(!absent(documentName) && { documentName: documentName as string }),
    ...(!absent(accessType) && { accessType: accessType as DocumentItem['accessType'] }),
    ...(!absent(disabled) && { disabled: disabled as boolean }),
    metadata,
  };
}

/** Lists read by the fast path, each by the raw list it was read from (null: not plainly valid). */
const readLists = new WeakMap<object, DocumentItem[] | null>();
/** The lists the fast path made: valid by construction, so the field rules skip them. */
const plainLists = new WeakSet<object>();

/** The items of `raw` if it is a batch (1 to 1000) of items that all pass plainly; else undefined. */
function plainItems(raw: unknown): DocumentItem[] | undefined {
  if (!Array.isArray(raw) || raw.length < 1 || raw.length > MAX_BATCH_ITEMS) return undefined;
  if (!readLists.has(raw)) {
    const items: DocumentItem[] = [];
    for (const item of raw) {
      const read = plainItem(item);
      if (!read) break;
      items.push(read);
    }
    const valid = items.length === raw.length;
    if (valid) plainLists.add(items);
    readLists.set(raw, valid ? items : null);
  }
  return readLists.get(raw) ?? undefined;
}

/**
 * What class-transformer makes of each item of a plainly valid batch: an empty object (it
 * takes no field), since the transform of DocumentItems puts the items read here in place
 * of its list. Copying 1000 items field by field only to drop the copies cost as much again.
 */
@Exclude()
class ReadByPlainItems {}

/**
 * The `documents` batch of operations 10 and 13: `BatchOf(() => DocumentItemDto)`, with a
 * fast path. class-validator looks up a class's rules again for every nested object, which
 * made validating 1000 items cost more than writing them; a batch whose items all pass the
 * same rules checked here directly is read without it. Any other batch (one failing item is
 * enough) goes through DocumentItemDto's rules, which name what is wrong as before.
 */
export const DocumentItems = () =>
  applyDecorators(
    ValidateIf((request: { documents?: unknown }) => !plainLists.has(Object(request.documents))),
    // The type function also sees the raw request: a plainly valid batch is not copied (the
    // transform below puts its items in place), any other one is built as DocumentItemDto.
    BatchOf(((options?: TypeHelpOptions) =>
      options && plainItems((options.object as { documents?: unknown }).documents)
        ? ReadByPlainItems
        : DocumentItemDto) as () => typeof DocumentItemDto),
    Transform(({ obj, value }) => plainItems((obj as { documents?: unknown }).documents) ?? value, {
      toClassOnly: true,
    }),
  );
