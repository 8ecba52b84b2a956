import { Query } from '@nestjs/cqrs';
import type { Page } from '@app/platform';
import type { WorkspaceTenant } from '../../auth/tenant';
import type { ApiKeySummary } from '../get-workspace/get-workspace.query';

/** The hosted `apikeys/get`: the workspace's keys in key order, keyset pages (D5.5). */
export class GetApiKeysQuery extends Query<Page<ApiKeySummary>> {
  constructor(
    readonly tenant: WorkspaceTenant,
    readonly apiKeys: string[] | undefined,
    readonly pageSize: number,
    readonly pageToken: string | undefined,
  ) {
    super();
  }
}
