import { Injectable } from '@nestjs/common';
import { Projection, type InlineProjection, type RecordedEvent } from '@app/event-store';
import type { EntityManager } from 'typeorm';
import {
  NotificationAdded,
  NotificationChanged,
  NotificationDeleted,
  NotificationErased,
  NotificationMoved,
  NotificationRead,
  type NotificationContent,
  type NotificationRef,
  type ReadState,
} from '../domain/notification.events';

/**
 * Users whose inbox holds the notification: those `notifyUsersByUserId` names; nobody while
 * it is held back (D9.8).
 */
export const addresseesOf = (content: NotificationContent): string[] =>
  content.heldUntil !== undefined
    ? []
    : Object.entries(content.notifyUsersByUserId)
        .filter(([, on]) => on)
        .map(([userId]) => userId);

interface Whole {
  ref: NotificationRef;
  content: NotificationContent;
  readBy?: ReadState;
  version: number;
}

/**
 * Keeps `notifications` and `notification_inbox` current, in the append's transaction.
 * Every write is guarded by stream version (the inbox by its notification's), so an event
 * projected twice changes nothing.
 * A notification made or replaced (or rewritten by erasure) is written whole in one
 * multi-row statement per table; the other events change one column each.
 */
@Projection()
@Injectable()
export class NotificationProjection implements InlineProjection {
  readonly tables = ['notifications', 'notification_inbox'];
  readonly handles = [
    NotificationAdded.type,
    NotificationChanged.type,
    NotificationRead.type,
    NotificationDeleted.type,
    NotificationMoved.type,
    NotificationErased.type,
  ];

  async project(events: RecordedEvent[], m: EntityManager): Promise<void> {
    // One append may touch a notification more than once: apply in order, whole writes batched.
    let wholes: Whole[] = [];
    for (const event of events) {
      if (NotificationAdded.is(event)) {
        const { apiKey, organizationId, notificationId, at: _t, ...content } = event.data;
        wholes.push({
          ref: { apiKey, organizationId, notificationId },
          content,
          version: event.streamVersion,
        });
        continue;
      }
      if (NotificationErased.is(event)) {
        const { content, readBy, apiKey, organizationId, notificationId } = event.data;
        wholes.push({
          ref: { apiKey, organizationId, notificationId },
          content,
          readBy,
          version: event.streamVersion,
        });
        continue;
      }
      await this.writeWhole(wholes, m);
      wholes = [];
      await this.apply(event, m);
    }
    await this.writeWhole(wholes, m);
  }

  private async writeWhole(wholes: Whole[], m: EntityManager): Promise<void> {
    if (wholes.length === 0) return;
    const rows = wholes.map(({ ref, content, readBy, version }) => ({
      api_key: ref.apiKey,
      organization_id: ref.organizationId,
      notification_id: ref.notificationId,
      document_id: content.documentId,
      location_id: content.location?.id ?? null,
      ts: content.timestamp,
      source: content.notificationSource,
      notify_all: content.notifyAll,
      held_until: content.heldUntil ?? null,
      record: content,
      read_by: readBy ?? null,
      version,
    }));
    await m.query(
      `INSERT INTO notifications AS n (api_key, organization_id, notification_id, document_id,
         location_id, ts, source, notify_all, held_until, record, read_by, version)
       SELECT r.api_key, r.organization_id, r.notification_id, r.document_id, r.location_id,
         r.ts, r.source, r.notify_all, r.held_until, r.record, COALESCE(r.read_by, '{}'),
         r.version
       FROM json_to_recordset($1::json) AS r(api_key text, organization_id text,
         notification_id text, document_id text, location_id text, ts bigint, source text,
         notify_all boolean, held_until bigint, record jsonb, read_by jsonb, version bigint)
       ON CONFLICT (api_key, organization_id, notification_id) DO UPDATE SET
         document_id = excluded.document_id, location_id = excluded.location_id,
         ts = excluded.ts, source = excluded.source, notify_all = excluded.notify_all,
         held_until = excluded.held_until, record = excluded.record, version = excluded.version
       WHERE n.version < excluded.version`,
      [JSON.stringify(rows)],
    );
    // A replaced notification keeps its read state; erasure's rewritten one replaces it.
    const erased = rows.filter((r) => r.read_by !== null);
    if (erased.length > 0) {
      await m.query(
        `UPDATE notifications n SET read_by = x.read_by
         FROM json_to_recordset($1::json) AS x(api_key text, organization_id text,
           notification_id text, read_by jsonb, version bigint)
         WHERE n.api_key = x.api_key AND n.organization_id = x.organization_id
           AND n.notification_id = x.notification_id AND n.version = x.version`,
        [JSON.stringify(erased)],
      );
    }
    // Only where the row now holds this event's version: an older event changes no inbox.
    const current = `EXISTS (SELECT 1 FROM notifications n WHERE n.api_key = x.api_key
         AND n.organization_id = x.organization_id AND n.notification_id = x.notification_id
         AND n.version = x.version)`;
    await m.query(
      `DELETE FROM notification_inbox i USING json_to_recordset($1::json) AS x(api_key text,
         organization_id text, notification_id text, version bigint)
       WHERE i.api_key = x.api_key AND i.organization_id = x.organization_id
         AND i.notification_id = x.notification_id AND ${current}`,
      [JSON.stringify(rows)],
    );
    const inbox = wholes.flatMap(({ ref, content, version }) =>
      addresseesOf(content).map((userId) => ({
        api_key: ref.apiKey,
        organization_id: ref.organizationId,
        user_id: userId,
        notification_id: ref.notificationId,
        document_id: content.documentId,
        location_id: content.location?.id ?? null,
        ts: content.timestamp,
        version,
      })),
    );
    if (inbox.length === 0) return;
    await m.query(
      `INSERT INTO notification_inbox (api_key, organization_id, user_id, notification_id,
         document_id, location_id, ts)
       SELECT x.api_key, x.organization_id, x.user_id, x.notification_id, x.document_id,
         x.location_id, x.ts
       FROM json_to_recordset($1::json) AS x(api_key text, organization_id text, user_id text,
         notification_id text, document_id text, location_id text, ts bigint, version bigint)
       WHERE ${current}
       ON CONFLICT DO NOTHING`,
      [JSON.stringify(inbox)],
    );
  }

  private async apply(event: RecordedEvent, m: EntityManager): Promise<void> {
    const key = (d: NotificationRef) => [d.apiKey, d.organizationId, d.notificationId];
    const where = `api_key = $1 AND organization_id = $2 AND notification_id = $3`;
    const v = event.streamVersion;
    if (NotificationChanged.is(event)) {
      await m.query(
        `UPDATE notifications SET record = record || $4::jsonb, version = $5
         WHERE ${where} AND version < $5`,
        [...key(event.data), JSON.stringify(event.data.changes), v],
      );
    } else if (NotificationRead.is(event)) {
      const { userIds, persist, at } = event.data;
      const read = Object.fromEntries(userIds.map((u) => [u, { at, persist }]));
      await m.query(
        `UPDATE notifications SET read_by = read_by || $4::jsonb, version = $5
         WHERE ${where} AND version < $5`,
        [...key(event.data), JSON.stringify(read), v],
      );
    } else if (NotificationDeleted.is(event)) {
      await m.query(`DELETE FROM notifications WHERE ${where} AND version < $4`, [
        ...key(event.data),
        v,
      ]);
      await m.query(`DELETE FROM notification_inbox WHERE ${where}`, key(event.data));
    } else if (NotificationMoved.is(event)) {
      await m.query(
        `UPDATE notifications SET document_id = $4,
           record = jsonb_set(record, '{documentId}', to_jsonb($4::text)), version = $5
         WHERE ${where} AND version < $5`,
        [...key(event.data), event.data.documentId, v],
      );
      await m.query(`UPDATE notification_inbox SET document_id = $4 WHERE ${where}`, [
        ...key(event.data),
        event.data.documentId,
      ]);
    }
  }
}
