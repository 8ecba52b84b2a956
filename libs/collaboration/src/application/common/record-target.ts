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
}

export const refOf = (t: RecordTarget, recordId: string): RecordRef => ({
  apiKey: t.tenant.apiKey,
  organizationId: t.organizationId,
  documentId: t.documentId,
  kind: t.kind,
  recordId,
});
