import type { DocumentUse } from '@app/documents';
import type { ApiKeyTenant } from '@app/workspaces';
import type { RecordKind, RecordRef } from '../../domain/collab-record.events';

/** The document a collaboration call acts in, and the kind of data it touches. */
export interface RecordTarget {
  tenant: ApiKeyTenant;
  kind: RecordKind;
  organizationId: string;
  documentId: string;
  /** Make a missing organization or document (the hosted adds' create flags), so named. */
  create?: {
    organization?: boolean;
    organizationName?: string;
    document?: boolean;
    documentName?: string;
  };
  /**
   * A deletion: it also works in a disabled organization or document, where every other
   * write is refused (D6.6), so a disabled customer's data can still be cleaned up.
   */
  removal?: boolean;
}

/** What the call does in its document, for the document's disabled check (D6.6). */
export const documentUseOf = (t: RecordTarget): DocumentUse =>
  t.removal ? 'administration' : 'user-content';

/** The same target, marked as a deletion. */
export const removalIn = (t: RecordTarget): RecordTarget => ({ ...t, removal: true });

export const refOf = (t: RecordTarget, recordId: string): RecordRef => ({
  apiKey: t.tenant.apiKey,
  organizationId: t.organizationId,
  documentId: t.documentId,
  kind: t.kind,
  recordId,
});
