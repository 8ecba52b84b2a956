import type { AccessTarget } from '@app/access';
import type { RecordTarget } from './record-target';

/** The document a collaboration write acts on, as `verifyUserPermissions` judges it (D15.3). */
export const accessTargetOf = (target: RecordTarget): AccessTarget => ({
  apiKey: target.tenant.apiKey,
  organizationId: target.organizationId,
  documentId: target.documentId,
  accessTypeIfMade: target.tenant.options.defaultDocumentAccessType,
});
