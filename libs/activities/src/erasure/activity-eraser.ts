import { Injectable } from '@nestjs/common';
import { Identities, likePattern } from '@app/collaboration';
import {
  AggregateRepository,
  EventStore,
  SubscriptionRunner,
  type EventMetadata,
  type RecordedEvent,
} from '@app/event-store';
import {
  Eraser,
  yieldToEventLoop,
  type ErasureFootprint,
  type ErasureSubject,
  type UserDataEraser,
} from '@app/platform';
import { DataSource } from 'typeorm';
import { DERIVED_ACTIVITIES_SUBSCRIPTION } from '../application/derived-activities/derived-activities.subscriber';
import { activityStream, activityTarget } from '../domain/activity.aggregate';
import { ACTIVITY_EVENTS, type ActivityEvent, type ActivityRef } from '../domain/activity.events';
import {
  aboutTheirCommentIn,
  eraseActivityContent,
  eraseFromActivityEvent,
  learnFromActivityEvent,
} from './activity-erasure';

export const ACTIVITIES_KIND = 'activities';

const CHUNK = 500;

const ACTIVITY_TYPES = Object.values(ACTIVITY_EVENTS).map((e) => e.type);

type StoredEvent = ActivityEvent & Pick<RecordedEvent, 'eventId'>;

const changed = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);

/**
 * Erasure of users from activity records (D7.7, D8.3), one organization at a time, for the
 * user data deletion job. Records to erase are found two ways: the read table's `people`
 * (GIN index: live records naming them in a user object, by id or email) and the key's
 * activity events in the log (by their ids, names and emails anywhere in the payload), so a
 * record deleted or replaced since, an amendment overwritten, or a mention in text alone is
 * found too. For each: every stored event is rewritten without them, and a live record is
 * recorded as erasure left it (`Activity.erase`, which the read table takes whole): one they
 * performed keeps what happened with `actionUser` the deleted-user placeholder; immutable
 * records too. Chunks of 500 records, each one transaction; running it again finds nothing
 * left to change. Names and emails learned on the way widen the next search. It waits for
 * the derived activities subscriber to catch up first.
 */
@Injectable()
@Eraser()
export class ActivityEraser implements UserDataEraser {
  readonly kinds = [ACTIVITIES_KIND];

  constructor(
    private readonly dataSource: DataSource,
    private readonly store: EventStore,
    private readonly repository: AggregateRepository,
    private readonly subscriptions: SubscriptionRunner,
  ) {}

  /**
   * Organizations of the key whose activity records name any of the users, and the names and
   * emails their live records show for them as actors (every eraser scrubs texts by these).
   */
  async locate(apiKey: string, userIds: string[]): Promise<ErasureFootprint> {
    const live: { organization_id: string; name: string | null; email: string | null }[] =
      await this.dataSource.query(
        `SELECT DISTINCT organization_id,
           CASE WHEN user_id = ANY($2::text[]) THEN record->'actionUser'->>'name' END AS name,
           CASE WHEN user_id = ANY($2::text[]) THEN record->'actionUser'->>'email' END AS email
         FROM activities WHERE people && $2::text[] AND api_key = $1`,
        [apiKey, userIds],
      );
    const logged: { organization_id: string }[] = await this.dataSource.query(
      `SELECT DISTINCT data->>'organizationId' AS organization_id FROM events
       WHERE api_key = $1 AND type = ANY($2::text[]) AND data::text LIKE ANY($3::text[])`,
      [apiKey, ACTIVITY_TYPES, userIds.map(likePattern)],
    );
    const words = live.flatMap((r) => [r.name, r.email]).filter((w): w is string => !!w);
    return {
      organizations: [
        ...new Set([...live, ...logged].map((r) => r.organization_id).filter(Boolean)),
      ],
      words: [...new Set(words)],
    };
  }

  async erase(kind: string, subject: ErasureSubject): Promise<number> {
    if (kind !== ACTIVITIES_KIND) throw new Error(`Not an activity kind: ${kind}`);
    const { apiKey, organizationId, metadata } = subject;
    // Records derived from changes that named them must all be made before this looks for
    // them, or one made later would name them again; the job tries this task again later.
    if (!(await this.subscriptions.isCaughtUp(DERIVED_ACTIVITIES_SUBSCRIPTION))) {
      throw new Error('waiting for the derived activities subscription to catch up');
    }
    const who = new Identities(subject.userIds, subject.words);
    const erased = new Set<string>();
    // A pass may learn names and emails (from user objects): the next searches by them too,
    // and goes over what the first did, now with every word known.
    for (let learned = true; learned;) {
      const known = who.known.length;
      const ids = await this.recordsNaming(apiKey, organizationId, who.known);
      for (let i = 0; i < ids.length; i += CHUNK) {
        const refs = ids
          .slice(i, i + CHUNK)
          .map((activityId) => ({ apiKey, organizationId, activityId }));
        const changedIds = await this.eraseChunk(refs, who, metadata);
        for (const id of changedIds) erased.add(id);
        await yieldToEventLoop();
      }
      learned = who.known.length > known;
    }
    return erased.size;
  }

  /**
   * Ids of the organization's records naming one of the words: live ones by `people` (GIN),
   * and every one whose stored events mention a word (the key's activity events, by the
   * (api_key, type) index, each payload matched as text).
   */
  private async recordsNaming(
    apiKey: string,
    organizationId: string,
    words: string[],
  ): Promise<string[]> {
    const rows: { activity_id: string }[] = await this.dataSource.query(
      `SELECT activity_id FROM activities
       WHERE people && $4::text[] AND api_key = $1 AND organization_id = $3
       UNION
       SELECT data->>'activityId' FROM events
       WHERE api_key = $1 AND type = ANY($2::text[]) AND data->>'organizationId' = $3
         AND data::text LIKE ANY($5::text[])
       ORDER BY 1`,
      [apiKey, ACTIVITY_TYPES, organizationId, words, words.map(likePattern)],
    );
    return rows.map((r) => r.activity_id);
  }

  /** One transaction: rewrites the chunk's events and records what erasure left; answers the ids changed. */
  private eraseChunk(
    refs: ActivityRef[],
    who: Identities,
    metadata: EventMetadata,
  ): Promise<string[]> {
    return this.repository.updateMany(refs.map(activityTarget), metadata, {
      decide: (activities, { loaded }) => {
        const at = Date.now();
        const rewrites: { eventId: string; data: unknown }[] = [];
        const changedIds: string[] = [];
        refs.forEach((ref, i) => {
          const events = (loaded.get(activityStream(ref)) ?? []) as unknown as StoredEvent[];
          // Every name and email the record ever showed for them, before any text is scrubbed.
          for (const event of events) learnFromActivityEvent(event, who);
          // Judged over the whole history: an amendment carries no comment copy to judge by.
          const theirComment = aboutTheirCommentIn(events, who);
          let touched = false;
          for (const event of events) {
            const data = eraseFromActivityEvent(event, who, theirComment);
            if (!changed(data, event.data)) continue;
            rewrites.push({ eventId: event.eventId, data });
            touched = true;
          }
          const activity = activities[i];
          let recorded = false;
          if (activity.content) {
            const content = eraseActivityContent(activity.content, who, theirComment);
            if (changed(content, activity.content)) {
              activity.erase(content, at);
              recorded = true;
            }
          }
          if (touched || recorded) changedIds.push(ref.activityId);
        });
        return { rewrites, changedIds };
      },
      after: async (m, _recorded, { rewrites, changedIds }) => {
        await this.store.rewrite(m, rewrites);
        return changedIds;
      },
    });
  }
}
