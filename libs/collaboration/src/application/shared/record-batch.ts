import { Injectable } from '@nestjs/common';
import { StreamBatchRunner, type BatchResult } from '@app/event-store';
import { DocumentDirectory } from '@app/documents';
import { metadataOf } from '@app/workspaces';
import {
  CollabRecord,
  RECORD_STREAM_TYPE,
  recordStream,
} from '../../domain/collab-record.aggregate';
import { refOf, type RecordTarget } from './record-target';

/**
 * Batch writes of collaboration records (D5): one record per item, decided in order, all
 * successful items appended in one transaction, in a document that must exist (NOT_FOUND).
 */
@Injectable()
export class RecordBatch {
  constructor(
    private readonly batches: StreamBatchRunner,
    private readonly documents: DocumentDirectory,
  ) {}

  run<I>(
    target: RecordTarget,
    items: readonly I[],
    idOf: (item: I) => string,
    decide: (record: CollabRecord<any>, item: I) => string,
  ): Promise<BatchResult> {
    const { tenant, organizationId, documentId } = target;
    return this.batches.run({
      items,
      idOf,
      streamOf: (id) => ({
        streamId: recordStream(refOf(target, id)),
        streamType: RECORD_STREAM_TYPE,
      }),
      create: (id) => new CollabRecord(refOf(target, id)),
      decide,
      metadata: metadataOf(tenant),
      prepare: async (manager) => {
        await this.documents.require(tenant.apiKey, organizationId, documentId, manager);
        return [];
      },
    });
  }
}
