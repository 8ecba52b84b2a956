import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { StreamBatchRunner, type BatchResult, type ItemResult } from '@app/event-store';
import { MAX_BATCH_ITEMS, yieldToEventLoop } from '@app/platform';
import { DataSource } from 'typeorm';
import { NOTIFICATION_MESSAGES } from '../../domain/notification.aggregate';
import { notificationBatch } from '../common/notification-batch';
import {
  selectionChunkSql,
  type NotificationSelection,
  type SelectionPosition,
} from '../common/notification-selection';
import { DeleteNotificationsCommand } from './delete-notifications.command';

interface ChunkRow {
  ts: string | number;
  notification_id: string;
}

/**
 * By ids: one batch (D5), each id an item. By selection alone: the read tables propose the
 * matching notifications a chunk of at most 1000 at a time, in (ts, id) order, and each chunk
 * is one batch (its own transaction, one multi-row append), so a call's work per transaction
 * stays bounded (D5.1) however many match. Each proposed notification is decided on its
 * stream: one changed meanwhile (moved out of the selection, deleted) is left out of the
 * answer, which lists every id deleted.
 */
@CommandHandler(DeleteNotificationsCommand)
export class DeleteNotificationsHandler implements ICommandHandler<DeleteNotificationsCommand> {
  constructor(
    private readonly batches: StreamBatchRunner,
    private readonly dataSource: DataSource,
  ) {}

  async execute({
    tenant,
    selection,
    notificationIds,
  }: DeleteNotificationsCommand): Promise<BatchResult> {
    const at = Date.now();
    const deleteAll = (ids: string[]) =>
      this.batches.run(
        notificationBatch(
          tenant,
          selection,
          ids,
          (id) => id,
          NOTIFICATION_MESSAGES.deleteFailed,
          (notification) => notification.delete(at),
        ),
      );
    if (notificationIds) return deleteAll(notificationIds);

    const deleted = new Map<string, ItemResult>();
    let after: SelectionPosition | null = null;
    for (;;) {
      const rows = await this.chunk(tenant.apiKey, selection, after);
      if (rows.length === 0) break;
      const result = await deleteAll(rows.map((r) => r.notification_id));
      for (const item of Object.values(result)) if (item.success) deleted.set(item.id, item);
      if (rows.length < MAX_BATCH_ITEMS) break;
      const last = rows[rows.length - 1];
      after = [String(last.ts), last.notification_id];
      await yieldToEventLoop();
    }
    return Object.fromEntries(deleted);
  }

  private chunk(
    apiKey: string,
    selection: NotificationSelection,
    after: SelectionPosition | null,
  ): Promise<ChunkRow[]> {
    const { sql, params } = selectionChunkSql(apiKey, selection, after, MAX_BATCH_ITEMS);
    return this.dataSource.query(sql, params);
  }
}
