import { Command } from '@nestjs/cqrs';
import type { BatchResult } from '@app/event-store';
import type { RecordTarget } from '../shared/record-target';

export interface NewRecord {
  recordId: string;
  record: Record<string, unknown>;
  subIds?: string[];
}

/** Adds records of one kind (annotations, reactions, recordings, a CRDT record); an id in use fails its item. */
export class AddRecordsCommand extends Command<BatchResult> {
  constructor(
    readonly target: RecordTarget,
    readonly records: NewRecord[],
    readonly action: string,
    readonly messages: { added: string; exists: string },
  ) {
    super();
  }
}
