import { Aggregate, ItemRefused, streamId } from '@app/event-store';
import {
  OrganizationAdded,
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

  protected when(event: OrganizationEvent): void {
    if (OrganizationAdded.is(event)) this.exists = true;
  }
}
