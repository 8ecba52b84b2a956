import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  AggregateRepository,
  BatchOutcome,
  DUPLICATE_ID_MESSAGE,
  ItemRefused,
  repeatedIds,
  streamTarget,
  type BatchResult,
  type StreamTarget,
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

@CommandHandler(RemoveUsersCommand)
export class RemoveUsersHandler implements ICommandHandler<RemoveUsersCommand> {
  constructor(private readonly repository: AggregateRepository) {}

  execute({ tenant, target, userIds }: RemoveUsersCommand): Promise<BatchResult> {
    const at = Date.now();
    const repeated = repeatedIds(userIds);
    const unique = [...new Set(userIds)].filter((id) => !repeated.has(id));
    // One transaction for every user (D5.4); a concurrent writer makes it decide again.
    return this.repository.updateMany(
      ({ targets }: { targets: StreamTarget<UserRecord | Memberships>[] }) => targets,
      metadataOf(tenant),
      {
        before: async (m) => ({ targets: await this.targetsOf(m, tenant.apiKey, target, unique) }),
        decide: (aggregates) => {
          const byUser = new Map<string, (UserRecord | Memberships)[]>();
          for (const aggregate of aggregates) {
            const { userId } = aggregate.ref;
            byUser.set(userId, [...(byUser.get(userId) ?? []), aggregate]);
          }
          const outcome = new BatchOutcome();
          for (const userId of userIds) {
            if (repeated.has(userId)) {
              outcome.fail(userId, DUPLICATE_ID_MESSAGE, 'duplicate');
              continue;
            }
            outcome.attempt(userId, () => {
              const removed = (byUser.get(userId) ?? []).filter((aggregate) =>
                aggregate instanceof UserRecord ? aggregate.remove(at) : aggregate.leaveAll(at),
              );
              if (removed.length === 0) throw new ItemRefused(USER_MESSAGES.missing, 'not-found');
              return USER_MESSAGES.removed;
            });
          }
          return outcome.toJSON();
        },
      },
    );
  }

  /**
   * Each user's aggregates the call acts on: the record at the named scope or, for the
   * organization, every record in it (found in the read table, written in the same
   * transactions as the log) and their group memberships.
   */
  private async targetsOf(
    m: EntityManager,
    apiKey: string,
    { organizationId, scope }: RemoveUsersCommand['target'],
    userIds: string[],
  ): Promise<StreamTarget<UserRecord | Memberships>[]> {
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
    const targets: StreamTarget<UserRecord | Memberships>[] = refs.map((ref) =>
      streamTarget(USER_STREAM_TYPE, userStream(ref), () => new UserRecord(ref)),
    );
    if (scope.type === 'organization') {
      for (const userId of userIds) {
        const ref = { apiKey, organizationId, userId };
        targets.push(
          streamTarget(MEMBERSHIP_STREAM_TYPE, membershipStream(ref), () => new Memberships(ref)),
        );
      }
    }
    return targets;
  }
}
