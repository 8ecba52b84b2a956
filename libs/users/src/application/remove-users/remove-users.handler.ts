import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  AggregateRepository,
  BatchOutcome,
  DUPLICATE_ID_MESSAGE,
  EventStore,
  ItemRefused,
  repeatedIds,
  retryOnConflict,
  type AggregateToSave,
  type BatchResult,
} from '@app/event-store';
import { metadataOf } from '@app/workspaces';
import type { EntityManager } from 'typeorm';
import {
  Memberships,
  MEMBERSHIP_STREAM_TYPE,
  membershipStream,
} from '../../domain/membership.aggregate';
import {
  UserRecord,
  USER_MESSAGES,
  USER_STREAM_TYPE,
  userStream,
} from '../../domain/user.aggregate';
import type { UserRef, UserScope } from '../../domain/user.events';
import { RemoveUsersCommand } from './remove-users.command';

/** An aggregate of one user and where it lives. */
type Part = AggregateToSave & { aggregate: UserRecord | Memberships };

@CommandHandler(RemoveUsersCommand)
export class RemoveUsersHandler implements ICommandHandler<RemoveUsersCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly repository: AggregateRepository,
  ) {}

  execute({ tenant, target, userIds }: RemoveUsersCommand): Promise<BatchResult> {
    const at = Date.now();
    const repeated = repeatedIds(userIds);
    const unique = [...new Set(userIds)].filter((id) => !repeated.has(id));
    // One transaction for every user (D5.4); a concurrent writer makes it decide again.
    return retryOnConflict(() =>
      this.store.transaction(async (m) => {
        const parts = await this.partsOf(m, tenant.apiKey, target, unique);
        const outcome = new BatchOutcome();
        const toSave: AggregateToSave[] = [];
        for (const userId of userIds) {
          if (repeated.has(userId)) {
            outcome.fail(userId, DUPLICATE_ID_MESSAGE, 'duplicate');
            continue;
          }
          outcome.attempt(userId, () => {
            const removed = (parts.get(userId) ?? []).filter(({ aggregate }) =>
              aggregate instanceof UserRecord ? aggregate.remove(at) : aggregate.leaveAll(at),
            );
            if (removed.length === 0) throw new ItemRefused(USER_MESSAGES.missing, 'not-found');
            toSave.push(...removed);
            return USER_MESSAGES.removed;
          });
        }
        await this.repository.save(toSave, metadataOf(tenant), m);
        return outcome.toJSON();
      }),
    );
  }

  /**
   * Each user's aggregates the call acts on, loaded in one read: the record at the named
   * scope or, for the organization, every record in it (found in the read table, written in
   * the same transactions as the log) and their group memberships.
   */
  private async partsOf(
    m: EntityManager,
    apiKey: string,
    { organizationId, scope }: RemoveUsersCommand['target'],
    userIds: string[],
  ): Promise<Map<string, Part[]>> {
    const refs: UserRef[] = [];
    if (scope.type !== 'organization') {
      for (const userId of userIds) refs.push({ apiKey, organizationId, scope, userId });
    } else {
      const rows: { scope_type: UserScope['type']; scope_id: string; user_id: string }[] =
        await m.query(
          `SELECT scope_type, scope_id, user_id FROM users
           WHERE api_key = $1 AND organization_id = $2 AND user_id = ANY($3::text[])`,
          [apiKey, organizationId, userIds],
        );
      for (const r of rows) {
        const recordScope = { type: r.scope_type, id: r.scope_id };
        refs.push({ apiKey, organizationId, scope: recordScope, userId: r.user_id });
      }
    }
    const parts: Part[] = refs.map((ref) => ({
      streamId: userStream(ref),
      streamType: USER_STREAM_TYPE,
      aggregate: new UserRecord(ref),
    }));
    if (scope.type === 'organization') {
      for (const userId of userIds) {
        const ref = { apiKey, organizationId, userId };
        parts.push({
          streamId: membershipStream(ref),
          streamType: MEMBERSHIP_STREAM_TYPE,
          aggregate: new Memberships(ref),
        });
      }
    }
    const history = await this.store.readStreams(
      parts.map((p) => p.streamId),
      m,
    );
    const byUser = new Map<string, Part[]>();
    for (const part of parts) {
      part.aggregate.load((history.get(part.streamId) ?? []) as never);
      const list = byUser.get(part.aggregate.ref.userId) ?? [];
      list.push(part);
      byUser.set(part.aggregate.ref.userId, list);
    }
    return byUser;
  }
}
