import { QueryOf, type Page } from '@app/platform';
import type { WorkspaceTenant } from '../../auth/tenant';
import type { ApiKeySummary } from '../get-workspace/get-workspace.query';

/** The hosted `apikeys/get`: the workspace's keys in key order, keyset pages (D5.5). */
export class GetApiKeysQuery extends QueryOf<
  {
    tenant: WorkspaceTenant;
    apiKeys: string[] | undefined;
    pageSize: number;
    pageToken: string | undefined;
  },
  Page<ApiKeySummary>
>() {}
