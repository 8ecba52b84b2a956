import { Injectable } from '@nestjs/common';
import { Subscriber } from '@app/event-store';
import { OrganizationDataSubscriber } from '@app/organizations';

/**
 * Deleting an organization deletes its emails (D6.9): logged ones leave the log, and a queued
 * one is not sent (its job finds no row). A background job (OrganizationDataDeletion) removes
 * them in short steps.
 */
@Subscriber()
@Injectable()
export class OrganizationEmailsSubscriber extends OrganizationDataSubscriber {
  readonly subscriptionId = 'email.organization-deleted';
  protected readonly library = 'email';
  protected readonly data = { tables: ['email_deliveries'], streamTypes: [] };
}
