import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  ItemRefused,
  StreamBatchRunner,
  type BatchResult,
  type ItemResult,
} from '@app/event-store';
import { MAX_BATCH_ITEMS, yieldToEventLoop } from '@app/platform';
import { DataSource } from 'typeorm';
import { ACTIVITY_MESSAGES, IMMUTABLE_CODE, type Activity } from '../../domain/activity.aggregate';
import { activityBatch } from '../common/activity-batch';
import { DeleteActivitiesCommand, type ActivitySelection } from './delete-activities.command';

type Position = [ts: string, id: string];

interface ChunkRow {
  ts: string | number;
  activity_id: string;
}

const isSelected = (activity: Activity, s: ActivitySelection): boolean =>
  (s.documentId === undefined || activity.content?.documentId === s.documentId) &&
  (s.targetEntityId === undefined || activity.content?.targetEntityId === s.targetEntityId);

/**
 * By ids: one batch (D5), each id an item; a record outside the document or target given
 * fails as a missing one does. By document and/or target: the read table proposes matching
 * records 1000 at a time in (ts, id) order, each chunk one batch in its own transaction, so
 * the work per transaction stays bounded however many match (D5.1). The walk moves past each
 * chunk, immutable records included, so they are never proposed twice and the loop ends.
 * Each record is decided on its stream (one deleted or moved meanwhile is left out); the
 * answer lists every id deleted, and every immutable one kept (D7.5).
 */
@CommandHandler(DeleteActivitiesCommand)
export class DeleteActivitiesHandler implements ICommandHandler<DeleteActivitiesCommand> {
  constructor(
    private readonly batches: StreamBatchRunner,
    private readonly dataSource: DataSource,
  ) {}

  async execute({ tenant, selection, activityIds }: DeleteActivitiesCommand): Promise<BatchResult> {
    const at = Date.now();
    const deleteAll = (ids: string[]) =>
      this.batches.run(
        activityBatch(
          tenant,
          selection.organizationId,
          ids,
          (id) => id,
          (activity) => {
            if (!isSelected(activity, selection)) {
              throw new ItemRefused(ACTIVITY_MESSAGES.deleteFailed, 'not-found');
            }
            return activity.delete(at);
          },
        ),
      );
    if (activityIds) return deleteAll(activityIds);

    const answered = new Map<string, ItemResult>();
    let after: Position | null = null;
    for (;;) {
      const rows = await this.chunk(tenant.apiKey, selection, after);
      if (rows.length === 0) break;
      const result = await deleteAll(rows.map((r) => r.activity_id));
      for (const item of Object.values(result)) {
        if (item.success || item.code === IMMUTABLE_CODE) answered.set(item.id, item);
      }
      if (rows.length < MAX_BATCH_ITEMS) break;
      const last = rows[rows.length - 1];
      after = [String(last.ts), last.activity_id];
      await yieldToEventLoop();
    }
    return Object.fromEntries(answered);
  }

  /** The next chunk of matching ids, walking the document's (else the target's) index. */
  private chunk(apiKey: string, s: ActivitySelection, after: Position | null): Promise<ChunkRow[]> {
    const params: unknown[] = [apiKey, s.organizationId];
    const p = (value: unknown) => `$${params.push(value)}`;
    const where = [`api_key = $1`, `organization_id = $2`];
    if (s.documentId !== undefined) where.push(`document_id = ${p(s.documentId)}`);
    if (s.targetEntityId !== undefined) where.push(`target_entity_id = ${p(s.targetEntityId)}`);
    if (after) {
      where.push(`(ts, activity_id) > (${p(after[0])}::bigint, ${p(after[1])}::text)`);
    }
    return this.dataSource.query(
      `SELECT ts, activity_id FROM activities WHERE ${where.join(' AND ')}
       ORDER BY ts, activity_id LIMIT ${p(MAX_BATCH_ITEMS)}`,
      params,
    );
  }
}
