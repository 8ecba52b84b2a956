import type { RecordedEvent } from '@app/event-store';

/** What a `DocumentMigrated` event asks a module keeping document data to do (D6.7). */
export interface DocumentMove {
  apiKey: string;
  organizationId: string;
  fromDocumentId: string;
  documentId: string;
}

/**
 * The move a `DocumentMigrated` event asks for. A malformed event throws (and is parked,
 * failing its migration) rather than move nothing.
 */
export function documentMoveOf(event: RecordedEvent): DocumentMove {
  const { apiKey, organizationId, documentId, newDocumentId } = event.data as Record<
    string,
    unknown
  >;
  const fields = { apiKey, organizationId, documentId, newDocumentId };
  for (const [field, value] of Object.entries(fields)) {
    if (typeof value !== 'string' || value === '') {
      throw new Error(`Malformed ${event.type}: no ${field}`);
    }
  }
  return {
    apiKey: apiKey as string,
    organizationId: organizationId as string,
    fromDocumentId: documentId as string,
    documentId: newDocumentId as string,
  };
}
