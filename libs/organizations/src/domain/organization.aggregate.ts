import { Aggregate, ItemRefused, streamId, streamTarget } from '@app/event-store';
import {
  OrganizationAdded,
  OrganizationDeleted,
  OrganizationUpdated,
  type OrganizationEvent,
} from './organization.events';

export const ORGANIZATION_STREAM_TYPE = 'organization';
export const organizationStream = (apiKey: string, organizationId: string) =>
  streamId(ORGANIZATION_STREAM_TYPE, apiKey, organizationId);

export const ORGANIZATION_MESSAGES = {
  added: 'Added Successfully',
  updated: 'Updated Successfully',
  missing: 'Organization does not exist',
  deleted: 'Deleted Successfully',
  disableStateUpdated: 'Updated disable state for organization Successfully',
} as const;

export interface OrganizationFields {
  organizationName?: string;
  disabled?: boolean;
  metadata?: Record<string, unknown>;
}

/** An organization of one API key (D4.2); its id is unique per key. */
export class Organization extends Aggregate<OrganizationEvent> {
  exists = false;

  /**
   * Operation 6. An organization that exists takes the name and metadata given (D5.3,
   * hosted: adding updates it), as an update does; `disabled` stays as it is.
   */
  add(apiKey: string, organizationId: string, fields: OrganizationFields, at: number): string {
    if (this.exists) {
      const { organizationName, metadata } = fields;
      this.raise(OrganizationUpdated({ apiKey, organizationId, organizationName, metadata, at }));
      return ORGANIZATION_MESSAGES.added;
    }
    this.raise(
      OrganizationAdded({
        apiKey,
        organizationId,
        // An organization made on the fly (operation 10) is named after its id.
        organizationName: fields.organizationName ?? organizationId,
        disabled: fields.disabled ?? false,
        metadata: fields.metadata ?? {},
        at,
      }),
    );
    return ORGANIZATION_MESSAGES.added;
  }

  update(apiKey: string, organizationId: string, fields: OrganizationFields, at: number): string {
    if (!this.exists) throw new ItemRefused(ORGANIZATION_MESSAGES.missing, 'not-found');
    this.raise(OrganizationUpdated({ apiKey, organizationId, ...fields, at }));
    return ORGANIZATION_MESSAGES.updated;
  }

  /**
   * Hosted `organizations/delete` (D6.9): the organization goes at once; the other libraries
   * remove its data on this event. The id can be added again afterwards, as a new organization.
   */
  delete(apiKey: string, organizationId: string, at: number): string {
    if (!this.exists) throw new ItemRefused(ORGANIZATION_MESSAGES.missing, 'not-found');
    this.raise(OrganizationDeleted({ apiKey, organizationId, at }));
    return ORGANIZATION_MESSAGES.deleted;
  }

  /** Hosted `access/disablestate/update`: a missing organization is made with that state. */
  setDisabled(apiKey: string, organizationId: string, disabled: boolean, at: number): string {
    if (this.exists) this.raise(OrganizationUpdated({ apiKey, organizationId, disabled, at }));
    else this.add(apiKey, organizationId, { disabled }, at);
    return ORGANIZATION_MESSAGES.disableStateUpdated;
  }

  protected when(event: OrganizationEvent): void {
    if (OrganizationAdded.is(event)) this.exists = true;
    else if (OrganizationDeleted.is(event)) this.exists = false;
  }
}

export const organizationTarget = (apiKey: string, organizationId: string) =>
  streamTarget(
    ORGANIZATION_STREAM_TYPE,
    organizationStream(apiKey, organizationId),
    () => new Organization(),
  );
