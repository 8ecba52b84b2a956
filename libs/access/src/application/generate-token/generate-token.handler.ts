import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SignJWT } from 'jose';
import { DEFAULT_ACCESS_ROLE } from '../../domain/resource';
import { AccessSettingsStore, TOKEN_ALGORITHM } from '../common/access-settings.store';
import { byOrganization } from '../common/resource-targets';
import { GenerateTokenCommand } from './generate-token.command';

/** Hosted: "JWT token expires in 48 hours". */
export const TOKEN_LIFETIME_SECONDS = 48 * 60 * 60;

/**
 * Signs the hosted claims (`userId`, `userProperties`, `permissions.resources` with their
 * default role) with the API key's ES256 key, made on first use. The token only carries the
 * permissions: it grants nothing here (permissions/add does).
 */
@CommandHandler(GenerateTokenCommand)
export class GenerateTokenHandler implements ICommandHandler<GenerateTokenCommand> {
  constructor(private readonly settings: AccessSettingsStore) {}

  async execute({ tenant, subject }: GenerateTokenCommand): Promise<{ token: string }> {
    // The same refusals as permissions/add: an organization named twice or inconsistently.
    byOrganization(subject.resources, 'data.permissions.resources');
    const key = await this.settings.signingKey(tenant);
    const { isAdmin, name, email } = subject.userProperties;
    const token = await new SignJWT({
      userId: subject.userId,
      userProperties: { isAdmin: isAdmin ?? false, name, email },
      permissions: {
        resources: subject.resources.map((r) => ({
          type: r.type,
          id: r.id,
          ...(r.type !== 'organization' && { organizationId: r.organizationId }),
          accessRole: r.accessRole ?? DEFAULT_ACCESS_ROLE,
          ...(r.expiresAt !== undefined && { expiresAt: r.expiresAt }),
        })),
      },
    })
      .setProtectedHeader({ alg: TOKEN_ALGORITHM, kid: key.kid, typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(`${TOKEN_LIFETIME_SECONDS}s`)
      .sign(key.privateKey);
    return { token };
  }
}
