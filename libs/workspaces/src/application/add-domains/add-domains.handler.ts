import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '@app/event-store';
import { ServiceError } from '@app/platform';
import { ApiKey, API_KEY_STREAM_TYPE, apiKeyStream } from '../../domain/api-key.aggregate';
import { metadataOf } from '../common/event-metadata';
import { normaliseDomains } from '../common/normalise-domains';
import { AddDomainsCommand } from './add-domains.command';

export const DOMAINS_ADDED_MESSAGE = 'Domain(s) added successfully to allowed domains.';

@CommandHandler(AddDomainsCommand)
export class AddDomainsHandler implements ICommandHandler<AddDomainsCommand> {
  constructor(private readonly repository: AggregateRepository) {}

  async execute({ tenant, domains }: AddDomainsCommand): Promise<{ domainsAdded: string[] }> {
    const normalised = normaliseDomains(domains, 'data.domains');
    const { added, skipped } = await this.repository.update(
      {
        streamId: apiKeyStream(tenant.apiKey),
        streamType: API_KEY_STREAM_TYPE,
        create: () => new ApiKey(),
      },
      metadataOf(tenant),
      (key) => key.addDomains(normalised),
    );
    if (skipped.length > 0) {
      // The spec's partial answer: a failure envelope, though the new domains were added.
      throw new ServiceError('INTERNAL', `${DOMAINS_ADDED_MESSAGE} Skipped existing domains.`, {
        domainsAdded: added,
        skippedDomains: skipped,
      });
    }
    return { domainsAdded: added };
  }
}
