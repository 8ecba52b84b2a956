import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AccessSettingsStore } from '../common/access-settings.store';
import { GetVerificationKeysQuery, type VerificationKeys } from './get-verification-keys.query';

@QueryHandler(GetVerificationKeysQuery)
export class GetVerificationKeysHandler implements IQueryHandler<GetVerificationKeysQuery> {
  constructor(private readonly settings: AccessSettingsStore) {}

  async execute({ tenant }: GetVerificationKeysQuery): Promise<VerificationKeys> {
    const { publicJwk } = await this.settings.signingKey(tenant);
    return { tokenKey: publicJwk, signatureSecret: await this.settings.signatureSecret(tenant) };
  }
}
