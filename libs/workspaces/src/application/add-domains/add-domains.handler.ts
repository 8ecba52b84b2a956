import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository, retryOnConflict } from '@app/event-store';
import { ServiceError } from '@app/platform';
import { ApiKey, API_KEY_STREAM_TYPE, apiKeyStream } from '../../domain/api-key.aggregate';
import { metadataOf } from '../shared/event-metadata';
import { normaliseDomains } from '../shared/normalise-domains';
import { AddDomainsCommand } from './add-domains.command';

export const DOMAINS_ADDED_MESSAGE = 'Domain(s) added successfully to allowed domains.';

@CommandHandler(AddDomainsCommand)
export class AddDomainsHandler implements ICommandHandler<AddDomainsCommand> {
  constructor(private readonly repository: AggregateRepository) {}

  async execute({ tenant, domains }: AddDomainsCommand): Promise<{ domainsAdded: string[] }> {
    const normalised = normaliseDomains(domains, 'data.domains');
    const streamId = apiKeyStream(tenant.apiKey);
    const { added, skipped } = await retryOnConflict(async () => {
      const key = await this.repository.load(streamId, () => new ApiKey());
      const result = key.addDomains(normalised);
      await this.repository.save(
        [{ streamType: API_KEY_STREAM_TYPE, streamId, aggregate: key }],
        metadataOf(tenant),
      );
      return result;
    });
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
