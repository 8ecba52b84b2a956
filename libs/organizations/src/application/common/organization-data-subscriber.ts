import { Injectable } from '@nestjs/common';
import {
  OrganizationDataDeletion,
  type EventSubscriber,
  type OrganizationData,
  type RecordedEvent,
} from '@app/event-store';
import type { EntityManager } from 'typeorm';
import { OrganizationDeleted } from '../../domain/organization.events';

/**
 * What a library extends to let a deleted organization's data go (D6.9): it names its
 * subscription, itself and its tables and stream types, and marks the class `@Subscriber()`.
 * Each deletion records one background job (OrganizationDataDeletion) in the checkpoint's
 * transaction, which removes the rows and streams in short steps; the deletion's status
 * waits for it.
 */
@Injectable()
export abstract class OrganizationDataSubscriber implements EventSubscriber {
  abstract readonly subscriptionId: string;
  /** The job's name part: one job per deletion and library. */
  protected abstract readonly library: string;
  protected abstract readonly data: OrganizationData;
  readonly handles = [OrganizationDeleted.type];

  constructor(private readonly deletion: OrganizationDataDeletion) {}

  async handle(events: RecordedEvent[], m: EntityManager): Promise<void> {
    for (const deleted of events.filter(OrganizationDeleted.is)) {
      await this.deletion.record(m, deleted, this.library, this.data);
    }
  }
}
