import type { StreamBatch } from '@app/event-store';
import { metadataOf, type ApiKeyTenant } from '@app/workspaces';
import { UserRecord, USER_STREAM_TYPE, userStream } from '../../domain/user.aggregate';
import type { UserItem, UserTarget } from './user-item';

/** users/add and operation 15 differ only in what they ask each record to do. */
export function userBatch(
  tenant: ApiKeyTenant,
  target: UserTarget,
  items: UserItem[],
  decide: (record: UserRecord, item: UserItem) => string,
): StreamBatch<UserItem, UserRecord> {
  const refOf = (userId: string) => ({ apiKey: tenant.apiKey, ...target, userId });
  return {
    items,
    idOf: (item) => item.userId,
    streamOf: (userId) => ({ streamId: userStream(refOf(userId)), streamType: USER_STREAM_TYPE }),
    create: (userId) => new UserRecord(refOf(userId)),
    decide,
    metadata: metadataOf(tenant),
  };
}
