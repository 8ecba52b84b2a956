import { CommandOf } from '@app/platform';
import type { BatchResult } from '@app/event-store';
import type { ApiKeyTenant } from '@app/workspaces';

/** `POST /v2/organizations/documents/move`: into one folder (null: the top level). */
export class MoveDocumentsCommand extends CommandOf<
  { tenant: ApiKeyTenant; organizationId: string; documentIds: string[]; folderId: string | null },
  BatchResult
>() {}
