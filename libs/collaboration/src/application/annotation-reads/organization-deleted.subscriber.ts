import { Injectable } from '@nestjs/common';
import { EventStore, Subscriber, type EventSubscriber, type RecordedEvent } from '@app/event-store';
import { OrganizationDeleted } from '@app/organizations';
import type { EntityManager } from 'typeorm';
import { ANNOTATION_READ_TYPES } from '../../domain/annotation-reads.events';

/**
 * Deleting an organization deletes its users' read marks (D6.9): the rows and the streams
 * they came from (every stream of read events of the organization, those whose marks were
 * all taken back too), so neither a rebuild nor an organization added again with the same id
 * sees them. In the checkpoint's transaction: a redelivered event finds nothing left.
 */
@Subscriber()
@Injectable()
export class AnnotationReadsOfDeletedOrganizations implements EventSubscriber {
  readonly subscriptionId = 'collaboration.annotation-reads.organization-deleted';
  readonly handles = [OrganizationDeleted.type];

  constructor(private readonly store: EventStore) {}

  async handle(events: RecordedEvent[], m: EntityManager): Promise<void> {
    for (const event of events.filter(OrganizationDeleted.is)) {
      const { apiKey, organizationId } = event.data;
      await m.query(
        `DELETE FROM collab_annotation_reads WHERE api_key = $1 AND organization_id = $2`,
        [apiKey, organizationId],
      );
      const streams: { stream_id: string }[] = await m.query(
        `SELECT DISTINCT stream_id FROM events
         WHERE api_key = $1 AND type = ANY($2::text[]) AND data->>'organizationId' = $3`,
        [apiKey, ANNOTATION_READ_TYPES, organizationId],
      );
      await this.store.purge(
        m,
        streams.map((s) => s.stream_id),
      );
    }
  }
}
