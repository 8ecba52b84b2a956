import { CommandOf } from '@app/platform';
import type { BatchResult } from '@app/event-store';
import type { ApiKeyTenant } from '@app/workspaces';
import type { DocumentItem } from '../common/document-item';

/** `POST /v2/organizations/documents/update`: name, metadata, access and disabled state. */
export class UpdateDocumentsCommand extends CommandOf<
  { tenant: ApiKeyTenant; organizationId: string; documents: DocumentItem[] },
  BatchResult
>() {}
