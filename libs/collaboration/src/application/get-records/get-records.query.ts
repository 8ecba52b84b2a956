import { Query } from '@nestjs/cqrs';
import type { Page } from '@app/platform';
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
export class GetRecordsQuery extends Query<Page<RecordView>> {
  constructor(
    readonly tenant: ApiKeyTenant,
    readonly kind: RecordKind,
    readonly filter: RecordFilter,
    readonly pageSize: number,
    readonly pageToken: string | undefined,
    readonly tokenField = 'nextPageToken',
  ) {
    super();
  }
}
