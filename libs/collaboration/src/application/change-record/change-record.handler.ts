import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository, EventStore, retryOnConflict } from '@app/event-store';
import { DocumentDirectory } from '@app/documents';
import { metadataOf } from '@app/workspaces';
import {
  CollabRecord,
  RECORD_STREAM_TYPE,
  recordStream,
} from '../../domain/collab-record.aggregate';
import { refOf } from '../shared/record-target';
import { ChangeRecordCommand } from './change-record.command';

@CommandHandler(ChangeRecordCommand)
export class ChangeRecordHandler implements ICommandHandler<ChangeRecordCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly repository: AggregateRepository,
    private readonly documents: DocumentDirectory,
  ) {}

  execute({ target, recordId, decide }: ChangeRecordCommand): Promise<unknown> {
    const ref = refOf(target, recordId);
    const streamId = recordStream(ref);
    return retryOnConflict(() =>
      this.store.transaction(async (m) => {
        await this.documents.require(ref.apiKey, ref.organizationId, ref.documentId, m);
        const record = await this.repository.load(streamId, () => new CollabRecord(ref), m);
        const at = Date.now();
        const { next, result, action, subIds } = decide(record.state, at);
        if (next === null) record.delete('request', at);
        else if (next !== undefined) record.save(action, next, at, subIds);
        await this.repository.save(
          [{ streamId, streamType: RECORD_STREAM_TYPE, aggregate: record }],
          metadataOf(target.tenant),
          m,
        );
        return result;
      }),
    );
  }
}
