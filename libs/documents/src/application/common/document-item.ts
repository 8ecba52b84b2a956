import type { DocumentAccessType } from '@app/workspaces';

/** A document as operation 10 takes it: named fields plus kept extra fields (D6.1). */
export interface DocumentItem {
  documentId: string;
  documentName?: string;
  accessType?: DocumentAccessType;
  disabled?: boolean;
  metadata: Record<string, unknown>;
}
