import type { RecordedEvent } from '@app/event-store';
import {
  DocumentAccessChanged,
  DocumentDisabledStateChanged,
  DocumentMoved,
  DocumentUpdated,
  type DocumentRef,
} from '../domain/document.events';

export const CHANGE_EVENT_TYPES: readonly string[] = [
  DocumentUpdated.type,
  DocumentMoved.type,
  DocumentAccessChanged.type,
  DocumentDisabledStateChanged.type,
];

/** A document's changes of one append, folded: null is "not changed" (`moved` says for the folder). */
export interface ChangeRow {
  api_key: string;
  organization_id: string;
  document_id: string;
  document_name: string | null;
  metadata: Record<string, unknown> | null;
  moved: boolean;
  folder_id: string | null;
  access_type: string | null;
  disabled: boolean | null;
  at: number;
  version: number;
}

/**
 * One row per document changed in `events`, its changes folded in stream order: an update
 * raises up to three events on one document, and one UPDATE statement can apply only one row
 * per document. Every field is absolute (metadata merges), so applying the fold again is
 * harmless; the projection skips rows already at the last version.
 */
export function changeRows(events: RecordedEvent[]): ChangeRow[] {
  const rows = new Map<string, ChangeRow>();
  const ordered = events
    .filter((e) => CHANGE_EVENT_TYPES.includes(e.type))
    .sort((a, b) => a.streamVersion - b.streamVersion);
  for (const event of ordered) {
    const { apiKey, organizationId, documentId, at } = event.data as DocumentRef & { at: number };
    const key = JSON.stringify([apiKey, organizationId, documentId]);
    const row = rows.get(key) ?? {
      api_key: apiKey,
      organization_id: organizationId,
      document_id: documentId,
      document_name: null,
      metadata: null,
      moved: false,
      folder_id: null,
      access_type: null,
      disabled: null,
      at,
      version: event.streamVersion,
    };
    if (DocumentUpdated.is(event)) {
      row.document_name = event.data.documentName ?? row.document_name;
      if (event.data.metadata) row.metadata = { ...row.metadata, ...event.data.metadata };
    } else if (DocumentMoved.is(event)) {
      row.moved = true;
      row.folder_id = event.data.folderId;
    } else if (DocumentAccessChanged.is(event)) {
      row.access_type = event.data.accessType;
    } else if (DocumentDisabledStateChanged.is(event)) {
      row.disabled = event.data.disabled;
    }
    row.at = at;
    row.version = event.streamVersion;
    rows.set(key, row);
  }
  return [...rows.values()];
}
