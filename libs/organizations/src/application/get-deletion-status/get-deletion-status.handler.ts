import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { EventStore, OrganizationDataDeletion, SubscriptionRunner } from '@app/event-store';
import { ServiceError } from '@app/platform';
import { organizationStream } from '../../domain/organization.aggregate';
import { OrganizationDeleted } from '../../domain/organization.events';
import {
  GetOrganizationDeletionStatusQuery,
  type OrganizationDeletionStatus,
  type OrganizationDeletionStatusView,
} from './get-deletion-status.query';

const UNKNOWN = 'Organization deletion does not exist';
const STATUS_OF = { completed: 'completed', failed: 'failed', pending: 'in_progress' } as const;

/**
 * A deletion is its OrganizationDeleted event (found in the caller's own organization
 * stream, so another key's id is never found). It is completed once every library's
 * subscriber has handled it (their checkpoints are past the event) and every job they
 * recorded to remove the organization's data has completed; failed when a subscriber gave up
 * on it (parked: an operator retries it, see operating.md) or a job failed for good.
 */
@QueryHandler(GetOrganizationDeletionStatusQuery)
export class GetOrganizationDeletionStatusHandler implements IQueryHandler<GetOrganizationDeletionStatusQuery> {
  constructor(
    private readonly store: EventStore,
    private readonly subscriptions: SubscriptionRunner,
    private readonly deletion: OrganizationDataDeletion,
  ) {}

  async execute({
    tenant,
    organizationId,
    deletionId,
  }: GetOrganizationDeletionStatusQuery): Promise<OrganizationDeletionStatusView> {
    const events = await this.store.readStream(organizationStream(tenant.apiKey, organizationId));
    const deleted = events.find((e) => OrganizationDeleted.is(e) && e.eventId === deletionId);
    if (!deleted || !OrganizationDeleted.is(deleted)) {
      throw new ServiceError('NOT_FOUND', UNKNOWN, { deletionId });
    }
    const subscribers = await this.subscriptions.progressOf(deleted);
    const jobs = await this.deletion.statusOf(deletionId);
    const status: OrganizationDeletionStatus =
      subscribers === 'parked' || jobs === 'failed'
        ? 'failed'
        : STATUS_OF[subscribers === 'handled' ? jobs : 'pending'];
    return { deletionId, organizationId, status, deletedAt: deleted.data.at };
  }
}
