import { Injectable } from '@nestjs/common';
import { AUTHORING_EVENT_TYPES, authorsIn } from '@app/collaboration';
import {
  AggregateRepository,
  EventStore,
  Subscriber,
  type AggregateToSave,
  type EventSubscriber,
  type RecordedEvent,
} from '@app/event-store';
import type { EntityManager } from 'typeorm';
import { UserRecord, USER_STREAM_TYPE, userStream } from '../../domain/user.aggregate';
import type { UserRef } from '../../domain/user.events';

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** Work that must not race this subscriber (erasure of user records) waits for it by this id. */
export const KNOWN_AUTHORS_SUBSCRIPTION = 'users.known-authors';

/**
 * A user who authors collaboration data becomes known at the organization scope (D8.1): a
 * record is added for them when there is none. Runs from the log in the checkpoint's
 * transaction; adding a user who exists does nothing, so a repeated batch is harmless.
 */
@Subscriber()
@Injectable()
export class KnownAuthorsSubscriber implements EventSubscriber {
  readonly subscriptionId = KNOWN_AUTHORS_SUBSCRIPTION;
  readonly handles = AUTHORING_EVENT_TYPES;

  constructor(
    private readonly store: EventStore,
    private readonly repository: AggregateRepository,
  ) {}

  async handle(events: RecordedEvent[], m: EntityManager): Promise<void> {
    const wanted = new Map<string, { ref: UserRef; author: { name?: string; email?: string } }>();
    for (const event of events) {
      // A malformed event throws (and is parked): a user must never be added half.
      const { apiKey, organizationId, authors } = authorsIn(event);
      if (!isText(apiKey) || !isText(organizationId)) {
        throw new Error(`Malformed ${event.type}: no apiKey or organizationId`);
      }
      for (const author of authors) {
        const ref: UserRef = {
          apiKey,
          organizationId,
          scope: { type: 'organization', id: '' },
          userId: author.userId,
        };
        wanted.set(userStream(ref), { ref, author });
      }
    }
    if (wanted.size === 0) return;
    const history = await this.store.readStreams([...wanted.keys()], m);
    const at = Date.now();
    const byKey = new Map<string, AggregateToSave[]>();
    for (const [streamId, { ref, author }] of wanted) {
      const user = new UserRecord(ref).load((history.get(streamId) ?? []) as never);
      if (user.exists) continue;
      user.add({ name: author.name, email: author.email, metadata: {} }, at);
      const list = byKey.get(ref.apiKey) ?? [];
      list.push({ streamId, streamType: USER_STREAM_TYPE, aggregate: user });
      byKey.set(ref.apiKey, list);
    }
    for (const [apiKey, added] of byKey) {
      await this.repository.save(added, { apiKey, actor: 'process:known-authors' }, m);
    }
  }
}
