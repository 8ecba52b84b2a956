import { Injectable } from '@nestjs/common';
import { RecordSaved } from '@app/collaboration';
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

interface Author {
  userId: string;
  name?: string;
  email?: string;
}

/** The people a saved record names as its authors (annotation and comment authors, reactors, recorders). */
function authorsOf(record: Record<string, unknown>): Author[] {
  const found: Author[] = [];
  const add = (user: unknown) => {
    if (user && typeof (user as Author).userId === 'string') found.push(user as Author);
  };
  add(record.from);
  for (const comment of (record.comments as {
    from?: unknown;
    reactions?: { from?: unknown }[];
  }[]) ?? []) {
    add(comment.from);
    for (const reaction of comment.reactions ?? []) add(reaction.from);
  }
  return found;
}

/**
 * A user who authors collaboration data becomes known at the organization scope (D8.1): a
 * record is added for them when there is none. Runs from the log in the checkpoint's
 * transaction; adding a user who exists does nothing, so a repeated batch is harmless.
 */
@Subscriber()
@Injectable()
export class KnownAuthorsSubscriber implements EventSubscriber {
  readonly subscriptionId = 'users.known-authors';
  readonly handles = [RecordSaved.type];

  constructor(
    private readonly store: EventStore,
    private readonly repository: AggregateRepository,
  ) {}

  async handle(events: RecordedEvent[], m: EntityManager): Promise<void> {
    const wanted = new Map<string, { ref: UserRef; author: Author }>();
    for (const event of events.filter(RecordSaved.is)) {
      const { apiKey, organizationId, record } = event.data;
      for (const author of authorsOf(record)) {
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
