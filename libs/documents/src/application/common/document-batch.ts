import type { BatchResult, ItemResult, StreamBatch } from '@app/event-store';
import { metadataOf, type ApiKeyTenant } from '@app/workspaces';
import { Document, DOCUMENT_STREAM_TYPE, documentStream } from '../../domain/document.aggregate';

/** A batch of changes to existing documents of one organization, one decision per item. */
export function documentBatch<I>(
  tenant: ApiKeyTenant,
  organizationId: string,
  items: readonly I[],
  idOf: (item: I) => string,
  decide: (document: Document, item: I) => string,
): StreamBatch<I, Document> {
  const { apiKey } = tenant;
  return {
    items,
    idOf,
    streamOf: (documentId) => ({
      streamId: documentStream({ apiKey, organizationId, documentId }),
      streamType: DOCUMENT_STREAM_TYPE,
    }),
    create: (documentId) => new Document({ apiKey, organizationId, documentId }),
    decide,
    metadata: metadataOf(tenant),
  };
}

/** A batch answer whose successful items also carry the value they now have. */
export type DocumentValueResult = Record<string, ItemResult | Record<string, unknown>>;

/**
 * The hosted answer of the access and disabled-state calls: each document that succeeded
 * also says the value it now has (`accessType`, `disabled`).
 */
export function withValue(
  result: BatchResult,
  field: 'accessType' | 'disabled',
  value: unknown,
): DocumentValueResult {
  return Object.fromEntries(
    Object.entries(result).map(([id, item]) => [
      id,
      item.success ? { success: true, id: item.id, [field]: value, message: item.message } : item,
    ]),
  );
}
