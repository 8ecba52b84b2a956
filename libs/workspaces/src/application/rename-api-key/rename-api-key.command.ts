import { Command } from '@nestjs/cqrs';
import type { WorkspaceTenant } from '../../auth/tenant';

/** The hosted `apikey/update`: a key of the caller's workspace gets a new display name. */
export class RenameApiKeyCommand extends Command<null> {
  constructor(
    readonly tenant: WorkspaceTenant,
    readonly apiKey: string,
    readonly apiKeyName: string,
  ) {
    super();
  }
}
