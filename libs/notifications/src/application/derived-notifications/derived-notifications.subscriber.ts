import { Inject, Injectable } from '@nestjs/common';
import { HOSTED_ACTION, readCommentChanges, recipientsOf } from '@app/collaboration';
import { DocumentMigrated, documentMoveOf } from '@app/documents';
import {
  AggregateRepository,
  EventStore,
  Subscriber,
  type EventSubscriber,
  type RecordedEvent,
} from '@app/event-store';
import { APP_CONFIG, JobQueue, type AppConfig, type Job } from '@app/platform';
import { readNotificationSwitch } from '@app/workspaces';
import type { EntityManager } from 'typeorm';
import {
  activityOf,
  DERIVED_NOTIFICATIONS_ACTOR,
  derivedNotificationId,
} from '../../domain/derived-activity';
import { notifies } from '../../domain/derived-audience';
import { derivedRulesOf, type DerivedRules } from '../../domain/derived-rules';
import {
  Notification,
  NOTIFICATION_STREAM_TYPE,
  notificationStream,
} from '../../domain/notification.aggregate';
import { NotificationSettingsReader } from '../common/notification-settings.reader';
import { NotificationsMover } from '../document-moves/notifications-mover';
import { deliveryOf, type PlannedDelivery } from './deliver-job';
import { singleContent } from './derived-content';
import { DerivedPlan, type DerivedChange } from './derived-plan';
import { DigestPlanner } from './digest-planner';

export const DERIVED_NOTIFICATIONS_SUBSCRIPTION = 'notifications.derived';

/** The events whose hosted action is a comment or comment-annotation one (`comment.add`). */
const COMMENT_EVENT_TYPES = Object.entries(HOSTED_ACTION)
  .filter(
    ([, action]) => action?.startsWith('comment.') || action?.startsWith('comment_annotation.'),
  )
  .map(([type]) => type);

/** Deliveries are planned to the second, so a batch's jobs are recorded in a few statements. */
const DELIVERY_GRAIN_MS = 1000;

const apiKeyOf = (event: RecordedEvent) => (event.data as { apiKey: string }).apiKey;

/**
 * Notifications derived from comments (D9.7, D9.8, D10.3). For each comment change of a key
 * whose notification service is on and whose `triggers.comment` enables the change's action:
 * one notification, to the users `recipientsOf` names (tagged, assigned, participants; never
 * the author of the change) less those whose inbox setting says NONE, with the default texts
 * of `default-messages.ts`. A comment written with `triggerNotification: false` makes none.
 *
 * Without batching, a change makes a notification of its own, its id derived from the event
 * (a replayed event finds it made); with a delay it is stored held back and a delivery job
 * shows it when due (`NotificationDelivery`). With batching, changes are folded into digests
 * (`DigestPlanner`). Everything is written in the checkpoint's transaction, and a batch of
 * events costs a few statements: a switch read per key, a settings read per document, one
 * read of the records' streams, one append per key. Deployed on a server with history, it
 * starts at the end of the log.
 *
 * It also moves a migrated document's notifications (D6.7), in log order with the changes
 * it derives: a change made before a migration is derived before the move, so it never lands
 * on the old id. Handling `DocumentMigrated` also makes a migration wait for it.
 */
@Subscriber()
@Injectable()
export class DerivedNotificationsSubscriber implements EventSubscriber {
  readonly subscriptionId = DERIVED_NOTIFICATIONS_SUBSCRIPTION;
  readonly startAt = 'end' as const;
  readonly handles = [...COMMENT_EVENT_TYPES, DocumentMigrated.type];

  constructor(
    private readonly store: EventStore,
    private readonly repository: AggregateRepository,
    private readonly settings: NotificationSettingsReader,
    private readonly digests: DigestPlanner,
    private readonly queue: JobQueue,
    private readonly mover: NotificationsMover,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle(events: RecordedEvent[], manager: EntityManager): Promise<void> {
    let changes: RecordedEvent[] = [];
    for (const event of events) {
      if (!DocumentMigrated.is(event)) {
        changes.push(event);
        continue;
      }
      await this.notify(changes, manager);
      changes = [];
      const move = documentMoveOf(event);
      const metadata = {
        apiKey: move.apiKey,
        actor: DERIVED_NOTIFICATIONS_ACTOR,
        causationId: event.eventId,
      };
      await this.mover.move(move, metadata, manager);
    }
    await this.notify(changes, manager);
  }

  /** The notifications of a run of comment changes. */
  private async notify(events: RecordedEvent[], manager: EntityManager): Promise<void> {
    if (events.length === 0) return;
    const changes = await this.derive(events, manager);
    if (changes.length === 0) return;
    const plan = new DerivedPlan();
    await this.planSingles(
      changes.filter((c) => !c.rules.batch),
      plan,
      manager,
    );
    await this.digests.plan(
      changes.filter((c) => c.rules.batch),
      plan,
      manager,
    );
    const causationId = events[events.length - 1].eventId;
    for (const [apiKey, items] of plan.byKey) {
      await this.repository.save(
        items,
        { apiKey, actor: DERIVED_NOTIFICATIONS_ACTOR, causationId },
        manager,
      );
    }
    await this.enqueue(plan.deliveries, manager);
  }

  /** The changes that notify someone, with their recipients after their settings. */
  private async derive(events: RecordedEvent[], manager: EntityManager): Promise<DerivedChange[]> {
    const rules = new Map<string, DerivedRules | undefined>();
    for (const apiKey of new Set(events.map(apiKeyOf))) {
      const sw = await readNotificationSwitch(manager, apiKey);
      rules.set(apiKey, derivedRulesOf(sw, this.config.notificationDelayScale));
    }
    const wanted = events.filter((e) =>
      rules
        .get(apiKeyOf(e))
        ?.triggers.has(HOSTED_ACTION[e.type as keyof typeof HOSTED_ACTION] ?? ''),
    );
    if (wanted.length === 0) return [];
    const found: DerivedChange[] = [];
    for (const change of await readCommentChanges(this.store, wanted, manager)) {
      const { annotation, targetComment, actionUser, action, event } = change;
      if (!annotation || targetComment?.triggerNotification === false) continue;
      const activity = activityOf(change);
      const recipients = recipientsOf(annotation, {
        actionUserId: actionUser?.userId,
        targetComment,
      });
      if (!activity || recipients.length === 0) continue;
      // A deletion's source is gone by design: only other changes are checked when due.
      const deletion = action === 'comment.delete' || action === 'comment_annotation.delete';
      found.push({
        event,
        apiKey: event.data.apiKey,
        organizationId: event.data.organizationId,
        activity,
        recipients,
        rules: rules.get(event.data.apiKey)!,
        source: deletion
          ? undefined
          : {
              annotationId: annotation.annotationId,
              ...(targetComment && { commentId: targetComment.commentId }),
            },
      });
    }
    await this.applySettings(found, manager);
    return found.filter((c) => c.recipients.length > 0);
  }

  /** Drops the recipients whose inbox level excludes them: one read per document. */
  private async applySettings(changes: DerivedChange[], manager: EntityManager): Promise<void> {
    const byDocument = new Map<string, DerivedChange[]>();
    for (const c of changes) {
      const key = JSON.stringify([c.apiKey, c.organizationId, c.activity.documentId]);
      const list = byDocument.get(key);
      if (list) list.push(c);
      else byDocument.set(key, [c]);
    }
    for (const group of byDocument.values()) {
      const { apiKey, organizationId, activity } = group[0];
      const userIds = [...new Set(group.flatMap((c) => c.recipients.map((r) => r.userId)))];
      const levels = await this.settings.levels(
        manager,
        apiKey,
        organizationId,
        activity.documentId,
        userIds,
        'inbox',
      );
      for (const c of group) {
        c.recipients = c.recipients.filter((r) => {
          const level = levels.get(r.userId);
          return level !== undefined && notifies(level, r.reason);
        });
      }
    }
  }

  /** One notification per change, held back when the key delays them; none made twice. */
  private async planSingles(
    changes: DerivedChange[],
    plan: DerivedPlan,
    manager: EntityManager,
  ): Promise<void> {
    if (changes.length === 0) return;
    const refs = changes.map((c) => ({
      apiKey: c.apiKey,
      organizationId: c.organizationId,
      notificationId: derivedNotificationId(c.event.eventId),
    }));
    const made = await this.store.readStreams(refs.map(notificationStream), manager);
    const now = Date.now();
    changes.forEach((c, i) => {
      const ref = refs[i];
      const streamId = notificationStream(ref);
      if (made.has(streamId)) return; // made when the event was handled before
      const heldUntil = c.rules.delayMs > 0 ? c.activity.timestamp + c.rules.delayMs : undefined;
      const notification = new Notification(ref);
      notification.add(singleContent(c.activity, c.recipients, heldUntil), now);
      plan.save(c.apiKey, {
        streamId,
        streamType: NOTIFICATION_STREAM_TYPE,
        aggregate: notification,
      });
      if (heldUntil !== undefined) {
        plan.deliveries.push(
          deliveryOf({ ...ref, ...(c.source && { source: c.source }) }, heldUntil),
        );
      }
    });
  }

  /**
   * Records the delivery jobs in the checkpoint's transaction, grouped by their delay (to the
   * second). They are dispatched by the queue's sweep: one due within a sweep's interval of
   * being recorded may run up to that interval late.
   */
  private async enqueue(deliveries: PlannedDelivery[], manager: EntityManager): Promise<void> {
    const now = Date.now();
    const byDelay = new Map<number, Job[]>();
    for (const { job, dueAt } of deliveries) {
      const delayMs = Math.max(0, Math.ceil((dueAt - now) / DELIVERY_GRAIN_MS) * DELIVERY_GRAIN_MS);
      const jobs = byDelay.get(delayMs);
      if (jobs) jobs.push(job);
      else byDelay.set(delayMs, [job]);
    }
    for (const [delayMs, jobs] of byDelay) await this.queue.enqueue(jobs, { delayMs }, manager);
  }
}
