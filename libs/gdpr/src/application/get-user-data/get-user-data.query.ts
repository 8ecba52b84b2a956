import { QueryOf, type Page } from '@app/platform';
import type { ApiKeyTenant } from '@app/workspaces';

/**
 * Hosted `users/data/get`: one page of everything the modules hold about a user in an
 * organization, up to `limit` items per feature, answered as one list per feature.
 */
export class GetUserDataQuery extends QueryOf<
  { tenant: ApiKeyTenant; organizationId: string; userId: string; pageToken: string | undefined },
  Page<never>
>() {}
