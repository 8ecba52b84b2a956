import { createHmac } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { canonicalJson } from '../../domain/canonical-json';
import { AccessSettingsStore } from '../common/access-settings.store';
import { GenerateSignatureCommand } from './generate-signature.command';

/**
 * D15.2: HMAC-SHA256 over the canonical JSON (keys sorted, no whitespace) of `permissions`
 * (their six documented fields, in the order given), keyed by the API key's signature
 * secret (made on first use), in base64url.
 */
@CommandHandler(GenerateSignatureCommand)
export class GenerateSignatureHandler implements ICommandHandler<GenerateSignatureCommand> {
  constructor(private readonly settings: AccessSettingsStore) {}

  async execute({ tenant, permissions }: GenerateSignatureCommand) {
    const secret = await this.settings.signatureSecret(tenant);
    const signed = permissions.map(
      ({ userId, resourceId, type, hasAccess, accessRole, expiresAt }) => ({
        userId,
        resourceId,
        type,
        hasAccess,
        accessRole,
        expiresAt,
      }),
    );
    const signature = createHmac('sha256', secret)
      .update(canonicalJson(signed))
      .digest('base64url');
    return { signature };
  }
}
