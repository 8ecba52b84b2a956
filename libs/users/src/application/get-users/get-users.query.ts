import { QueryOf, type Page } from '@app/platform';
import type { ApiKeyTenant } from '@app/workspaces';
import type { UserTarget } from '../common/user-item';

export interface UserView extends Record<string, unknown> {
  userId: string;
  name: string;
  email: string;
}

/**
 * What users/get reads: the users of one scope (D8.1), or with the hosted `allDocuments` the
 * users of every document of the organization (not its organization or folder users), each
 * listed once or, with `groupByDocumentId`, under each document they belong to.
 */
export type UsersSelection =
  | { kind: 'scope'; target: UserTarget }
  | { kind: 'all-documents'; organizationId: string; groupByDocumentId: boolean };

/** The id filters of users/get: a user passes when in `userIds` and in one of `groupIds`. */
export interface UserFilters {
  userIds?: string[];
  /** Groups of the organization (hosted `organizationUserGroupIds`). */
  groupIds?: string[];
}

/** `POST /v2/users/get` (D8.1): keyset pages in id order. */
export class GetUsersQuery extends QueryOf<
  {
    tenant: ApiKeyTenant;
    selection: UsersSelection;
    filters: UserFilters;
    pageSize: number;
    pageToken: string | undefined;
  },
  Page<unknown>
>() {}
