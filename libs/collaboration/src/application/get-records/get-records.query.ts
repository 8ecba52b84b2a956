import { QueryOf, type Page } from '@app/platform';
import type { ApiKeyTenant } from '@app/workspaces';
import type { RecordKind } from '../../domain/collab-record.events';

export interface RecordFilter {
  organizationId: string;
  documentIds?: string[];
  recordIds?: string[];
  locationIds?: string[];
  userIds?: string[];
}

/** A record as read: the record itself plus where it lives (hosted `metadata`). */
export type RecordView = Record<string, unknown> & {
  metadata: { apiKey: string; organizationId: string; documentId: string };
};

/** Reads records of one kind, in (document, id) order, by keyset pages (D5.5). */
export class GetRecordsQuery extends QueryOf<
  {
    tenant: ApiKeyTenant;
    kind: RecordKind;
    filter: RecordFilter;
    pageSize: number;
    pageToken: string | undefined;
    tokenField?: string;
  },
  Page<RecordView>
>() {}
