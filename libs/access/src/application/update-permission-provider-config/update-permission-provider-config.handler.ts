import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SecretBox, ServiceError } from '@app/platform';
import { AccessSettingsStore } from '../common/access-settings.store';
import { providerView } from '../common/provider-view';
import { UpdatePermissionProviderConfigCommand } from './update-permission-provider-config.command';

const NOTHING_GIVEN =
  'At least one of usePermissionProvider or permissionProviderConfig is required';

/**
 * Merges the given fields into the stored settings (a URL change keeps the token, hosted);
 * the token is sealed before it enters the event (D3.6). Answers the settings as `get` does.
 */
@CommandHandler(UpdatePermissionProviderConfigCommand)
export class UpdatePermissionProviderConfigHandler implements ICommandHandler<UpdatePermissionProviderConfigCommand> {
  constructor(
    private readonly settings: AccessSettingsStore,
    private readonly box: SecretBox,
  ) {}

  async execute({ tenant, input }: UpdatePermissionProviderConfigCommand) {
    const { usePermissionProvider, permissionProviderConfig: config } = input;
    if (usePermissionProvider === undefined && config === undefined) {
      throw ServiceError.invalidField('data', NOTHING_GIVEN);
    }
    const token = config?.authToken;
    // Sealed once, outside the retry loop.
    const authToken =
      token === undefined
        ? undefined
        : token === ''
          ? { sealed: '', last4: '' }
          : // A short token shown by its last four would be shown whole: it shows nothing then.
            {
              sealed: this.box.seal(token),
              last4: token.length > 8 ? Array.from(token).slice(-4).join('') : '',
            };
    const stored = await this.settings.update(tenant, (s) =>
      s.configureProvider(
        { usePermissionProvider, permissionProviderUrl: config?.permissionProviderUrl, authToken },
        Date.now(),
      ),
    );
    return providerView(stored);
  }
}
