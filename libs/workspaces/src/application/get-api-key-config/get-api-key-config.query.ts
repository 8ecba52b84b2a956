import { Query } from '@nestjs/cqrs';
import type { WorkspaceTenant } from '../../auth/tenant';
import type { ApiKeyOptions } from '../../domain/api-key.events';

export type ApiKeyConfigView = { apiKey: string } & ApiKeyOptions;

/** D3.4: `POST /v2/workspace/apikeyconfig/get`. */
export class GetApiKeyConfigQuery extends Query<ApiKeyConfigView> {
  constructor(
    readonly tenant: WorkspaceTenant,
    readonly apiKey: string,
  ) {
    super();
  }
}
