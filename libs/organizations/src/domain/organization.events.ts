import { defineEvent, type EventOf } from '@app/event-store';

/** Every organization event names its API key and id, so projections never guess the scope. */
interface OrganizationRef {
  apiKey: string;
  organizationId: string;
}

export const OrganizationAdded = defineEvent<
  OrganizationRef & {
    organizationName: string;
    disabled: boolean;
    metadata: Record<string, unknown>;
    at: number;
  }
>()('organizations.organization-added');

/** Only the fields the caller gave; `metadata` is merged into what was there. */
export const OrganizationUpdated = defineEvent<
  OrganizationRef & {
    organizationName?: string;
    disabled?: boolean;
    metadata?: Record<string, unknown>;
    at: number;
  }
>()('organizations.organization-updated');

/**
 * The organization and everything in it are deleted (D6.9, hosted `organizations/delete`).
 * Each library that keeps data of an organization subscribes to this event and removes its
 * own rows; the organizations library never calls them.
 */
export const OrganizationDeleted = defineEvent<OrganizationRef & { at: number }>()(
  'organizations.organization-deleted',
);

export const ORGANIZATION_EVENTS = { OrganizationAdded, OrganizationUpdated, OrganizationDeleted };
export type OrganizationEvent = EventOf<typeof ORGANIZATION_EVENTS>;
