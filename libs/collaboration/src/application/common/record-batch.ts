import { Injectable } from '@nestjs/common';
import { ItemRefused, StreamBatchRunner, type BatchResult } from '@app/event-store';
import { metadataOf } from '@app/workspaces';
import {
  RECORD_STREAM_TYPE,
  recordStream,
  type CollabRecord,
} from '../../domain/collab-record.aggregate';
import type { RecordRef } from '../../domain/collab-record.events';
import { CollaborationError } from '../../domain/collaboration.error';
import { refOf, type RecordTarget } from './record-target';
import { TargetDocument } from './target-document';

/** What fails one item of a batch rather than the call (D5.3). */
const ITEM_FAILURES = new Set(['NOT_FOUND', 'ALREADY_EXISTS']);

/**
 * Batch writes of collaboration records (D5): one record per item, decided in order, all
 * successful items appended in one transaction, in a document that must exist (NOT_FOUND).
 * A record that is missing or already there fails its own item with the domain's message.
 */
@Injectable()
export class RecordBatch {
  constructor(
    private readonly batches: StreamBatchRunner,
    private readonly document: TargetDocument,
  ) {}

  run<I, A extends CollabRecord<any>>(
    target: RecordTarget,
    items: readonly I[],
    idOf: (item: I) => string,
    create: (ref: RecordRef) => A,
    decide: (record: A, item: I) => string,
  ): Promise<BatchResult> {
    const { tenant } = target;
    return this.batches.run({
      items,
      idOf,
      streamOf: (id) => ({
        streamId: recordStream(refOf(target, id)),
        streamType: RECORD_STREAM_TYPE,
      }),
      create: (id) => create(refOf(target, id)),
      decide: (record, item) => {
        try {
          return decide(record, item);
        } catch (err) {
          if (err instanceof CollaborationError && ITEM_FAILURES.has(err.code)) {
            throw new ItemRefused(
              err.message,
              err.code === 'NOT_FOUND' ? 'not-found' : 'already-exists',
            );
          }
          throw err;
        }
      },
      metadata: metadataOf(tenant),
      prepare: (manager) => this.document.open(target, manager),
    });
  }
}
