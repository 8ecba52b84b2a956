import { Command } from '@nestjs/cqrs';
import type { WorkspaceTenant } from '../../auth/tenant';
import type { ApiKeyOptions } from '../../domain/api-key.events';
import type { ApiKeyConfigView } from '../get-api-key-config/get-api-key-config.query';

/** D3.4: `POST /v2/workspace/apikeyconfig/update`; answers the options as they now are. */
export class UpdateApiKeyConfigCommand extends Command<ApiKeyConfigView> {
  constructor(
    readonly tenant: WorkspaceTenant,
    readonly apiKey: string,
    readonly changes: Partial<ApiKeyOptions>,
  ) {
    super();
  }
}
