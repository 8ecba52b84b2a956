import { Injectable } from '@nestjs/common';
import { AggregateRepository, EventStore, retryOnConflict } from '@app/event-store';
import { metadataOf } from '@app/workspaces';
import {
  RECORD_STREAM_TYPE,
  recordStream,
  type CollabRecord,
} from '../../domain/collab-record.aggregate';
import type { RecordRef } from '../../domain/collab-record.events';
import { refOf, type RecordTarget } from './record-target';
import { TargetDocument } from './target-document';

/**
 * A command on one record: in one transaction the document must exist (NOT_FOUND), the
 * record is loaded, `decide` raises its events and answers, and they are appended; a
 * concurrent writer makes it load and decide again.
 */
@Injectable()
export class RecordWriter {
  constructor(
    private readonly store: EventStore,
    private readonly repository: AggregateRepository,
    private readonly document: TargetDocument,
  ) {}

  write<A extends CollabRecord<any>, R>(
    target: RecordTarget,
    recordId: string,
    create: (ref: RecordRef) => A,
    decide: (record: A, at: number) => R,
  ): Promise<R> {
    const ref = refOf(target, recordId);
    const streamId = recordStream(ref);
    return retryOnConflict(() =>
      this.store.transaction(async (m) => {
        const place = await this.document.open(target, m);
        const record = await this.repository.load(streamId, () => create(ref), m);
        const result = decide(record, Date.now());
        await this.repository.save(
          [...place, { streamId, streamType: RECORD_STREAM_TYPE, aggregate: record }],
          metadataOf(target.tenant),
          m,
        );
        return result;
      }),
    );
  }
}
