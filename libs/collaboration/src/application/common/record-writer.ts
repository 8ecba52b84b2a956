import { Injectable } from '@nestjs/common';
import { AggregateRepository } from '@app/event-store';
import { metadataOf } from '@app/workspaces';
import { recordTarget, type CollabRecord } from '../../domain/collab-record.aggregate';
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
    private readonly repository: AggregateRepository,
    private readonly document: TargetDocument,
  ) {}

  write<A extends CollabRecord<any>, R>(
    target: RecordTarget,
    recordId: string,
    create: (ref: RecordRef) => A,
    decide: (record: A, at: number) => R,
  ): Promise<R> {
    return this.repository.update(
      recordTarget(refOf(target, recordId), create),
      metadataOf(target.tenant),
      {
        before: async (m) => ({ toSave: await this.document.open(target, m) }),
        decide: (record) => decide(record, Date.now()),
      },
    );
  }
}
