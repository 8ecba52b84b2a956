import { Injectable } from '@nestjs/common';
import { Identities, likePattern } from '@app/collaboration';
import {
  AggregateRepository,
  EventStore,
  SubscriptionRunner,
  type EventMetadata,
} from '@app/event-store';
import {
  Eraser,
  yieldToEventLoop,
  type ErasureFootprint,
  type ErasureSubject,
  type UserDataEraser,
} from '@app/platform';
import { DataSource } from 'typeorm';
import { DERIVED_NOTIFICATIONS_SUBSCRIPTION } from '../application/derived-notifications/derived-notifications.subscriber';
import { batchKeyOf } from '../domain/derived-batches';
import { notificationStream, notificationTarget } from '../domain/notification.aggregate';
import {
  NOTIFICATION_EVENTS,
  NotificationAdded,
  NotificationChanged,
  NotificationErased,
  type NotificationContent,
  type NotificationEvent,
  type NotificationRef,
} from '../domain/notification.events';
import { NOTIFICATION_SETTINGS_EVENTS } from '../domain/notification-settings.events';
import {
  eraseNotificationContent,
  eraseFromNotificationEvent,
  eraseReadState,
  learnFromNotificationEvent,
  madeByErased,
} from './notification-erasure';

export const NOTIFICATIONS_KIND = 'notifications';
export const NOTIFICATION_SETTINGS_KIND = 'notification-settings';

const CHUNK = 500;

const NOTIFICATION_TYPES = Object.values(NOTIFICATION_EVENTS).map((e) => e.type);
const SETTINGS_TYPES = Object.values(NOTIFICATION_SETTINGS_EVENTS).map((e) => e.type);

const changed = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);

/**
 * Erasure of users from notifications (D8.3), for the user data deletion job, one
 * organization and kind at a time.
 *
 * `notifications`: what to erase is found in the log (one key's notification events, by the
 * users' ids, names and emails), so a notification deleted or changed since is found too.
 * One an erased user made (its `actionUser`, custom or derived: it reports what they did) is
 * deleted, and its events keep only where and when it was; a digest of several changes
 * (D9.8) tells others' too and stays, without them (`madeByErased`). Others lose them as recipients
 * (`notifyUsers` by id or email, `notifyUsersByUserId`, hence the inbox), in template and
 * source data (an annotation by collaboration's rule), in texts ("@[deleted user]") and in
 * read state: every stored event rewritten so, then NotificationErased records the result
 * whole for the read tables. Chunks of 500 notifications, each one transaction; running it
 * again finds nothing left to change. Names and emails learned on the way widen the search:
 * from user objects, and from the email a notification records beside a recipient's id
 * (`recipientEmails`), which may be known nowhere else.
 * It waits for the derived notifications subscriber to catch up first, and closes the users'
 * batching windows.
 *
 * `notification-settings`: settings streams are named by their user, so they are purged
 * (those a migration moved away from included), and their rows deleted.
 */
@Injectable()
@Eraser()
export class NotificationEraser implements UserDataEraser {
  readonly kinds = [NOTIFICATIONS_KIND, NOTIFICATION_SETTINGS_KIND];

  constructor(
    private readonly dataSource: DataSource,
    private readonly store: EventStore,
    private readonly repository: AggregateRepository,
    private readonly subscriptions: SubscriptionRunner,
  ) {}

  /** Organizations of the key whose notifications or settings name any of the users. */
  async locate(apiKey: string, userIds: string[]): Promise<ErasureFootprint> {
    const rows: { organization_id: string }[] = await this.dataSource.query(
      `SELECT DISTINCT data->>'organizationId' AS organization_id FROM events
       WHERE api_key = $1 AND type = ANY($2::text[]) AND data::text LIKE ANY($3::text[])`,
      [apiKey, [...NOTIFICATION_TYPES, ...SETTINGS_TYPES], userIds.map(likePattern)],
    );
    return { organizations: rows.map((r) => r.organization_id).filter(Boolean) };
  }

  erase(kind: string, subject: ErasureSubject): Promise<number> {
    if (kind === NOTIFICATIONS_KIND) return this.eraseNotifications(subject);
    if (kind === NOTIFICATION_SETTINGS_KIND) return this.eraseSettings(subject);
    throw new Error(`Not a notification kind: ${kind}`);
  }

  private async eraseNotifications(subject: ErasureSubject): Promise<number> {
    const { apiKey, organizationId, metadata } = subject;
    // Notifications derived from comments that named them must all be made before this looks
    // for them, or one made later would name them again; the job tries this task again later.
    if (!(await this.subscriptions.isCaughtUp(DERIVED_NOTIFICATIONS_SUBSCRIPTION))) {
      throw new Error('waiting for the derived notifications subscription to catch up');
    }
    const who = new Identities(subject.userIds, subject.words);
    const erased = new Set<string>();
    // A pass may learn names and emails (from user objects): the next searches by them too,
    // and goes over what the first did, now with every word known.
    for (let learned = true; learned;) {
      const known = who.known.length;
      const ids = await this.notificationsNaming(apiKey, organizationId, who.known);
      for (let i = 0; i < ids.length; i += CHUNK) {
        const refs = ids.slice(i, i + CHUNK).map((notificationId) => ({
          apiKey,
          organizationId,
          notificationId,
        }));
        const changedIds = await this.eraseChunk(refs, who, metadata);
        for (const id of changedIds) erased.add(id);
        await yieldToEventLoop();
      }
      learned = who.known.length > known;
    }
    // Their batching windows (D9.8) are keyed by a digest of their id: closed with them (a
    // held digest for them alone has no recipient left and is dropped when due).
    await this.dataSource.query(
      `DELETE FROM notification_batches WHERE batch_key = ANY($1::text[])`,
      [subject.userIds.map((userId) => batchKeyOf(apiKey, organizationId, 'user', userId))],
    );
    return erased.size;
  }

  /** Ids of the organization's notifications whose stored events mention one of the words. */
  private async notificationsNaming(
    apiKey: string,
    organizationId: string,
    words: string[],
  ): Promise<string[]> {
    const rows: { notification_id: string }[] = await this.dataSource.query(
      `SELECT DISTINCT data->>'notificationId' AS notification_id FROM events
       WHERE api_key = $1 AND type = ANY($2::text[]) AND data->>'organizationId' = $3
         AND data::text LIKE ANY($4::text[])
       ORDER BY 1`,
      [apiKey, NOTIFICATION_TYPES, organizationId, words.map(likePattern)],
    );
    return rows.map((r) => r.notification_id);
  }

  /** One transaction: rewrites the chunk's events and records what erasure left; answers the ids changed. */
  private eraseChunk(
    refs: NotificationRef[],
    who: Identities,
    metadata: EventMetadata,
  ): Promise<string[]> {
    return this.repository.updateMany(refs.map(notificationTarget), metadata, {
      decide: (notifications, { loaded }) => {
        const at = Date.now();
        const rewrites: { eventId: string; data: unknown }[] = [];
        const changedIds: string[] = [];
        refs.forEach((ref, i) => {
          const events = (loaded.get(notificationStream(ref)) ??
            []) as unknown as (NotificationEvent & {
            eventId: string;
          })[];
          for (const event of events) learnFromNotificationEvent(event, who);
          const notification = notifications[i];
          // Who made it, as it last read (a deleted one too): theirs goes whole.
          const made = madeByErased(lastContent(events), who);
          let touched = false;
          for (const event of events) {
            const data = eraseFromNotificationEvent(event, who, made);
            if (!changed(data, event.data)) continue;
            rewrites.push({ eventId: event.eventId, data });
            touched = true;
          }
          let recorded = false;
          if (notification.content && made) {
            notification.delete(at);
            recorded = true;
          } else if (notification.content) {
            const content = eraseNotificationContent(notification.content, who);
            const readBy = eraseReadState(notification.readBy, who);
            if (changed(content, notification.content) || changed(readBy, notification.readBy)) {
              notification.erase(content, readBy, at);
              recorded = true;
            }
          }
          if (touched || recorded) changedIds.push(ref.notificationId);
        });
        return { rewrites, changedIds };
      },
      after: async (m, _recorded, { rewrites, changedIds }) => {
        await this.store.rewrite(m, rewrites);
        return changedIds;
      },
    });
  }

  /**
   * Purges the users' settings streams of the organization (found in the log: a stream a
   * migration moved away from has no row) and deletes their rows, 500 streams a transaction.
   */
  private async eraseSettings({ apiKey, organizationId, userIds }: ErasureSubject) {
    const found: { stream_id: string; user_id: string; document_id: string }[] =
      await this.dataSource.query(
        `SELECT DISTINCT stream_id, data->>'userId' AS user_id, data->>'documentId' AS document_id
         FROM events
         WHERE api_key = $1 AND type = ANY($2::text[]) AND data->>'organizationId' = $3
           AND data->>'userId' = ANY($4::text[])
         ORDER BY 1`,
        [apiKey, SETTINGS_TYPES, organizationId, userIds],
      );
    for (let i = 0; i < found.length; i += CHUNK) {
      const chunk = found.slice(i, i + CHUNK);
      await this.store.transaction(async (m) => {
        await this.store.purge(
          m,
          chunk.map((r) => r.stream_id),
        );
        await m.query(
          `DELETE FROM notification_settings s
           USING unnest($3::text[], $4::text[]) AS x(user_id, document_id)
           WHERE s.api_key = $1 AND s.organization_id = $2
             AND s.user_id = x.user_id AND s.document_id = x.document_id`,
          [apiKey, organizationId, chunk.map((r) => r.user_id), chunk.map((r) => r.document_id)],
        );
      });
      await yieldToEventLoop();
    }
    return found.length;
  }
}

/** The content a notification last had, deleted or not (what erasure judges who made it by). */
function lastContent(events: NotificationEvent[]): NotificationContent | undefined {
  let content: NotificationContent | undefined;
  for (const event of events) {
    if (NotificationAdded.is(event)) {
      const { apiKey: _a, organizationId: _o, notificationId: _n, at: _t, ...rest } = event.data;
      content = rest;
    } else if (NotificationChanged.is(event) && content) {
      content = { ...content, ...event.data.changes };
    } else if (NotificationErased.is(event)) {
      content = event.data.content;
    }
  }
  return content;
}
