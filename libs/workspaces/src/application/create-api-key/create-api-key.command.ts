import { Command } from '@nestjs/cqrs';
import type { WorkspaceTenant } from '../../auth/tenant';
import type { NewApiKeyInput } from '../common/api-key-issuer';

/** Operation 1. */
export class CreateApiKeyCommand extends Command<{ apiKey: string }> {
  constructor(
    readonly tenant: WorkspaceTenant,
    readonly input: NewApiKeyInput,
  ) {
    super();
  }
}
