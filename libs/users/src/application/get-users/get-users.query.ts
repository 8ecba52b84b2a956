import { Query } from '@nestjs/cqrs';
import type { Page } from '@app/platform';
import type { ApiKeyTenant } from '@app/workspaces';
import type { UserTarget } from '../common/user-item';

export interface UserView extends Record<string, unknown> {
  userId: string;
  name: string;
  email: string;
}

/** `POST /v2/users/get` (D8.1): the users of one scope, keyset pages in id order. */
export class GetUsersQuery extends Query<Page<UserView>> {
  constructor(
    readonly tenant: ApiKeyTenant,
    readonly target: UserTarget,
    readonly userIds: string[] | undefined,
    readonly pageSize: number,
    readonly pageToken: string | undefined,
  ) {
    super();
  }
}
