import { CommandOf } from '@app/platform';
import type { ApiKeyTenant } from '../../auth/tenant';
import type { ApiKeyOptions } from '../../domain/api-key.events';
import type { AiProvider } from '../../domain/workspace.events';
import type { ApiKeyConfigView } from '../get-api-key-config/get-api-key-config.query';

/** The hosted `aiModelApiKey` entry: a provider and the key to store for it. */
export interface KeyAiModelKeyInput {
  provider: AiProvider;
  customerApiKey: string;
}

/** What `apikeyconfig/update` asks for, under our names; only given fields are present. */
export interface ApiKeyConfigChange {
  options: Partial<ApiKeyOptions>;
  aiModelApiKey?: KeyAiModelKeyInput[];
}

/**
 * D3.4: `POST /v2/workspace/apikeyconfig/update`, at API-key level; answers the config as it
 * now is, plus the hosted echo `enablePrivateComments`.
 */
export class UpdateApiKeyConfigCommand extends CommandOf<
  { tenant: ApiKeyTenant; change: ApiKeyConfigChange },
  ApiKeyConfigView & { enablePrivateComments: boolean }
>() {}
