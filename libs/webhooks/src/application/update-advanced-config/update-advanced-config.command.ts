import { CommandOf } from '@app/platform';
import type { ApiKeyTenant } from '@app/workspaces';
import type { AdvancedConfig } from '../../domain/webhook-settings.events';

/** `advancedwebhookconfig/update`: fields sent replace stored ones; the first must enable it. */
export class UpdateAdvancedConfigCommand extends CommandOf<
  { tenant: ApiKeyTenant; change: Partial<AdvancedConfig> },
  AdvancedConfig
>() {}
