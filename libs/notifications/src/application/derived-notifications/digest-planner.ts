import { Injectable } from '@nestjs/common';
import type { Recipient } from '@app/collaboration';
import { EventStore } from '@app/event-store';
import type { EntityManager } from 'typeorm';
import {
  batchKeyOf,
  isAfter,
  joins,
  openWindow,
  type BatchWindow,
  type LogPosition,
} from '../../domain/derived-batches';
import type { BatchScope } from '../../domain/derived-rules';
import {
  Notification,
  NOTIFICATION_STREAM_TYPE,
  notificationStream,
} from '../../domain/notification.aggregate';
import type { NotificationContent } from '../../domain/notification.events';
import { BatchWindows } from './batch-windows';
import { deliveryOf } from './deliver-job';
import { digestContent } from './derived-content';
import type { DerivedChange, DerivedPlan } from './derived-plan';

/** One change going into one scope's window: the document's, or one recipient's. */
interface Target {
  change: DerivedChange;
  batchKey: string;
  scope: BatchScope;
  recipients: Recipient[];
}

function targetsOf(change: DerivedChange): Target[] {
  const { apiKey, organizationId, rules, recipients, activity } = change;
  const scope = rules.batch!.scope;
  if (scope === 'document') {
    const batchKey = batchKeyOf(apiKey, organizationId, scope, activity.documentId);
    return [{ change, batchKey, scope, recipients }];
  }
  return recipients.map((r) => ({
    change,
    batchKey: batchKeyOf(apiKey, organizationId, scope, r.userId),
    scope,
    recipients: [r],
  }));
}

const refOf = (w: BatchWindow) => ({
  apiKey: w.apiKey,
  organizationId: w.organizationId,
  notificationId: w.notificationId,
});

/**
 * Folds batched changes into digests (D9.8). A change joins its scope's open window (not full,
 * not past its close, its digest not delivered yet) or opens the next one, whose digest id
 * comes from the scope, the window's number and its start, and whose delivery is planned for
 * its close (plus the delay, when one is set); the change that fills a window closes it at
 * once (an early delivery). A scope remembers the newest event folded into it, so an event
 * handled again is skipped. All the windows and digests of a batch of events are read in one
 * query each, and each digest touched is appended once.
 */
@Injectable()
export class DigestPlanner {
  constructor(
    private readonly store: EventStore,
    private readonly windows: BatchWindows,
  ) {}

  async plan(changes: DerivedChange[], plan: DerivedPlan, manager: EntityManager): Promise<void> {
    const targets = changes.flatMap(targetsOf);
    if (targets.length === 0) return;
    const windows = await this.windows.load(manager, [...new Set(targets.map((t) => t.batchKey))]);
    const digests = await this.loadDigests([...windows.values()], manager);
    const folded = new Map<string, { apiKey: string; content: NotificationContent }>();
    const changed = new Set<string>();
    for (const { change, batchKey, scope, recipients } of targets) {
      const { event, apiKey, organizationId, activity, rules } = change;
      const rule = rules.batch!;
      const position: LogPosition = {
        transactionId: event.transactionId,
        position: event.globalPosition,
      };
      const previous = windows.get(batchKey);
      if (previous && !isAfter(position, previous.last)) continue; // handled before
      const at = activity.timestamp;
      const current =
        previous &&
        (folded.get(previous.notificationId)?.content ??
          digests.get(previous.notificationId)?.content);
      const joined = joins(previous, at, rule, current?.heldUntil !== undefined);
      const window = joined
        ? { ...previous }
        : openWindow(previous, { batchKey, apiKey, organizationId, scope }, at, rule, position);
      if (!joined) {
        digests.set(window.notificationId, new Notification(refOf(window)));
        plan.deliveries.push(deliveryOf(refOf(window), window.closesAt + rules.delayMs));
      }
      const before = joined ? current : undefined;
      let heldUntil = before?.heldUntil ?? window.closesAt + rules.delayMs;
      window.activities += 1;
      window.last = position;
      if (window.activities >= rule.maxActivities) {
        window.closed = true;
        heldUntil = Math.min(heldUntil, at + rules.delayMs);
        plan.deliveries.push(deliveryOf(refOf(window), at + rules.delayMs, true));
      }
      folded.set(window.notificationId, {
        apiKey,
        content: digestContent(
          before,
          { scope, windowStart: window.windowStart, closesAt: window.closesAt },
          activity,
          recipients,
          heldUntil,
        ),
      });
      windows.set(batchKey, window);
      changed.add(batchKey);
    }
    const now = Date.now();
    for (const [notificationId, { apiKey, content }] of folded) {
      const digest = digests.get(notificationId)!;
      digest.add(content, now);
      plan.save(apiKey, {
        streamId: notificationStream(digest.ref),
        streamType: NOTIFICATION_STREAM_TYPE,
        aggregate: digest,
      });
    }
    await this.windows.save(
      manager,
      [...changed].map((key) => windows.get(key)!),
    );
  }

  /** The digests of the scopes' latest windows, by notification id, in one read. */
  private async loadDigests(
    windows: BatchWindow[],
    manager: EntityManager,
  ): Promise<Map<string, Notification>> {
    const streams = windows.map((w) => notificationStream(refOf(w)));
    const history = await this.store.readStreams(streams, manager);
    return new Map(
      windows.map((w, i) => [
        w.notificationId,
        new Notification(refOf(w)).load((history.get(streams[i]) ?? []) as never),
      ]),
    );
  }
}
