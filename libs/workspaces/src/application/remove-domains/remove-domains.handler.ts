import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '@app/event-store';
import { ServiceError } from '@app/platform';
import { ApiKey, API_KEY_STREAM_TYPE, apiKeyStream } from '../../domain/api-key.aggregate';
import { metadataOf } from '../common/event-metadata';
import { normaliseDomains } from '../common/normalise-domains';
import { RemoveDomainsCommand } from './remove-domains.command';

export const DOMAINS_REMOVED_MESSAGE = 'Domain(s) removed successfully from allowed domains.';

@CommandHandler(RemoveDomainsCommand)
export class RemoveDomainsHandler implements ICommandHandler<RemoveDomainsCommand> {
  constructor(private readonly repository: AggregateRepository) {}

  async execute({ tenant, domains }: RemoveDomainsCommand): Promise<{ domainsRemoved: string[] }> {
    const normalised = normaliseDomains(domains, 'data.domains');
    const { removed, skipped } = await this.repository.update(
      {
        streamId: apiKeyStream(tenant.apiKey),
        streamType: API_KEY_STREAM_TYPE,
        create: () => new ApiKey(),
      },
      metadataOf(tenant),
      (key) => key.removeDomains(normalised),
    );
    if (skipped.length > 0) {
      // The hosted partial answer, as operation 3's: a failure envelope, though the others went.
      throw new ServiceError(
        'INTERNAL',
        `${DOMAINS_REMOVED_MESSAGE} Skipped non-existing domains.`,
        {
          domainsRemoved: removed,
          skippedDomains: skipped,
        },
      );
    }
    return { domainsRemoved: removed };
  }
}
