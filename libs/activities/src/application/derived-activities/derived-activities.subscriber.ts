import { Injectable } from '@nestjs/common';
import { readCommentChanges } from '@app/collaboration';
import { DocumentMigrated, documentMoveOf } from '@app/documents';
import {
  AggregateRepository,
  EventStore,
  Subscriber,
  type AggregateToSave,
  type EventSubscriber,
  type RecordedEvent,
} from '@app/event-store';
import { ACTIVITY_SWITCH_EVENT_TYPES, activitySwitchChangeOf } from '@app/workspaces';
import type { EntityManager } from 'typeorm';
import { Activity, ACTIVITY_STREAM_TYPE, activityStream } from '../../domain/activity.aggregate';
import type { ActivityContent, ActivityRef } from '../../domain/activity.events';
import { crdtContentOf, derivedContentOf, type CrdtWrite } from '../../domain/derived-content';
import { derivedActivityId } from '../../domain/derived-id';
import {
  derivedActionOf,
  DERIVING_EVENT_TYPES,
  type DerivedAction,
} from '../../domain/derived-vocabulary';
import { ActivitiesMover } from '../document-moves/activities-mover';
import { SwitchesInLog } from './switches-in-log';

export const DERIVED_ACTIVITIES_SUBSCRIPTION = 'activities.derived';

const ACTOR = 'process:derived-activities';

interface Wanted {
  event: RecordedEvent;
  action: DerivedAction;
  ref: ActivityRef;
  immutable: boolean;
}

const dataOf = (event: RecordedEvent) =>
  event.data as { apiKey: string; organizationId: string; erased?: true };

/**
 * Activity records derived from collaboration changes (D7.6). For each change of a key whose
 * activity service is on: one record, its id derived from the event (a replayed event finds
 * it made), unless the change is a comment action whose trigger is off, or its comment was
 * written with `triggerActivities: false`. Written in the checkpoint's transaction; a batch
 * costs a few statements whatever its size: a switch read per key, one read of the records'
 * streams, one read of the changed records' streams, one append per key (the projection
 * writes its rows in one statement). Deployed on a server with history, it starts at the
 * end of the log.
 *
 * It is also the one mover of a migrated document's records (D6.7), in log order with the
 * changes it derives: a change made before a migration is logged before the move, so it
 * never lands on the old id. Handling `DocumentMigrated` makes a migration wait for it.
 */
@Subscriber()
@Injectable()
export class DerivedActivitiesSubscriber implements EventSubscriber {
  readonly subscriptionId = DERIVED_ACTIVITIES_SUBSCRIPTION;
  readonly startAt = 'end' as const;
  readonly handles = [
    ...DERIVING_EVENT_TYPES,
    DocumentMigrated.type,
    ...ACTIVITY_SWITCH_EVENT_TYPES,
  ];

  constructor(
    private readonly store: EventStore,
    private readonly repository: AggregateRepository,
    private readonly mover: ActivitiesMover,
    private readonly switches: SwitchesInLog,
  ) {}

  async handle(events: RecordedEvent[], manager: EntityManager): Promise<void> {
    let changes: RecordedEvent[] = [];
    for (const event of events) {
      const switched = activitySwitchChangeOf(event);
      if (!switched && !DocumentMigrated.is(event)) {
        changes.push(event);
        continue;
      }
      // What came before is judged by the switch before this event, and moved before it.
      await this.log(changes, manager);
      changes = [];
      if (switched) {
        await this.switches.apply(manager, switched);
        continue;
      }
      const move = documentMoveOf(event);
      await this.mover.move(
        move,
        { apiKey: move.apiKey, actor: ACTOR, causationId: event.eventId },
        manager,
      );
    }
    await this.log(changes, manager);
  }

  /** The records of a run of collaboration changes, none made twice. */
  private async log(events: RecordedEvent[], manager: EntityManager): Promise<void> {
    const wanted = await this.wanted(events, manager);
    if (wanted.length === 0) return;
    const streams = wanted.map((w) => activityStream(w.ref));
    const made = await this.store.readStreams(streams, manager);
    const fresh = wanted.filter((_, i) => !made.has(streams[i]));
    const contents = await this.contentsOf(fresh, manager);
    const byKey = new Map<string, AggregateToSave[]>();
    for (const w of fresh) {
      const content = contents.get(w.event.eventId);
      if (!content) continue;
      const activity = new Activity(w.ref);
      activity.log(content);
      const item = {
        streamId: activityStream(w.ref),
        streamType: ACTIVITY_STREAM_TYPE,
        aggregate: activity,
      };
      const items = byKey.get(w.ref.apiKey);
      if (items) items.push(item);
      else byKey.set(w.ref.apiKey, [item]);
    }
    const causationId = events[events.length - 1].eventId;
    for (const [apiKey, items] of byKey) {
      await this.repository.save(items, { apiKey, actor: ACTOR, causationId }, manager);
    }
  }

  /**
   * The events that make a record: the key's service on, the comment action's trigger not
   * off, both as the switch was when the change was made.
   */
  private async wanted(events: RecordedEvent[], manager: EntityManager): Promise<Wanted[]> {
    if (events.length === 0) return [];
    const keys = [...new Set(events.map((e) => dataOf(e).apiKey))];
    const configs = await this.switches.read(manager, keys);
    return events.flatMap((event) => {
      const { apiKey, organizationId, erased } = dataOf(event);
      const action = derivedActionOf(event.type);
      const config = configs.get(apiKey);
      if (!action || !config?.isEnabled || erased) return [];
      if (
        action.featureType === 'comment' &&
        config.triggers?.comment?.[action.actionType] === false
      ) {
        return [];
      }
      const ref = { apiKey, organizationId, activityId: derivedActivityId(event.eventId) };
      return [{ event, action, ref, immutable: config.immutable === true }];
    });
  }

  /**
   * What each change's record says, by event id. CRDT writes are told from the event alone;
   * the other changes from their record folded up to them (one read of all their streams).
   */
  private async contentsOf(
    wanted: Wanted[],
    manager: EntityManager,
  ): Promise<Map<string, ActivityContent>> {
    const contents = new Map<string, ActivityContent>();
    const byEvent = new Map(wanted.map((w) => [w.event.eventId, w]));
    const folded: RecordedEvent[] = [];
    for (const w of wanted) {
      if (w.action.featureType !== 'crdt') folded.push(w.event);
      else contents.set(w.event.eventId, crdtContentOf(w.event.data as CrdtWrite, w.immutable));
    }
    for (const change of await readCommentChanges(this.store, folded, manager)) {
      const w = byEvent.get(change.event.eventId)!;
      // A comment written with triggerActivities: false is kept out of the log.
      if (w.action.featureType === 'comment' && change.targetComment?.triggerActivities === false) {
        continue;
      }
      contents.set(w.event.eventId, derivedContentOf(change, w.action, w.immutable));
    }
    return contents;
  }
}
